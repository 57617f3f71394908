/** Contact messages: newest first, colour-coded, opening an unread one marks it read, status and Mark as Replied. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Json } from '../../../lib/json.ts';
import { messageStatuses } from '../../../lib/statuses.ts';
import type { MessageListItem } from '../../../features/leads/contract.ts';
import { api } from '../shared/api.ts';
import { Badge } from '../shared/Badge.tsx';
import { dayTime } from '../shared/format.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { DataList } from '../../ui/DataTable.tsx';
import { TabSection } from '../../ui/TabSection.tsx';
import { ListControls } from '../shared/ListControls.tsx';
import { StatusSelect } from '../shared/StatusSelect.tsx';
import { useFilteredList, useStatusUpdate } from '../shared/useList.ts';

type Message = Json<MessageListItem>;

export function MessagesTab({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);
  const { list, setPage, controls } = useFilteredList<Message>('messages', 'Error fetching messages: ');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['messages'] });

  const open = useMutation({
    mutationFn: (id: string) => api(`/api/admin/messages/${id}/open`, { method: 'POST', body: {} }),
    onSuccess: () => void refresh(),
    onError: (error) => toast.error(`Error updating status: ${error.message}`),
  });
  const status = useStatusUpdate('messages');

  const toggle = (m: Message) => {
    const opening = openId !== m.id;
    setOpenId(opening ? m.id : null);
    if (opening && m.status === 'unread') open.mutate(m.id);
  };

  return (
    <TabSection title="Contact Messages" hideTitle>
      <ListControls {...controls} statuses={messageStatuses} searchLabel="Search name, email or company" />
      <DataList
        list={list}
        loading="Loading messages…"
        empty="No messages match."
        onPage={setPage}
        rowData={(m) => ({ 'data-message': m.id })}
      >
        {(m) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <button
                type="button"
                onClick={() => toggle(m)}
                aria-expanded={openId === m.id}
                className="text-left font-semibold text-ink hover:underline"
              >
                {m.name} · {m.company || 'No company'}
                <span className="block text-sm font-normal text-slate-600">{dayTime(m.createdAt)}</span>
              </button>
              <div className="flex items-center gap-2">
                {m.isSpam && <span className="text-xs font-semibold text-red-700">Spam</span>}
                <Badge value={m.status} />
                {canEdit && (
                  <>
                    <StatusSelect
                      label={`Status of the message from ${m.name}`}
                      value={m.status}
                      options={messageStatuses}
                      disabled={status.isPending}
                      onChange={(next) => status.mutate({ id: m.id, status: next })}
                    />
                    {m.status !== 'replied' && (
                      <button
                        type="button"
                        onClick={() => status.mutate({ id: m.id, status: 'replied' })}
                        className={buttonClass({ variant: 'positive', size: 'xs' })}
                      >
                        Mark as Replied<span className="sr-only"> ({m.name})</span>
                      </button>
                    )}
                  </>
                )}
              </div>
            </div>
            {openId === m.id && (
              <div className="mt-3 rounded-md bg-slate-50 p-4 text-sm">
                <p>
                  <a className="text-brand-700 underline" href={`mailto:${m.email}`}>
                    {m.email}
                  </a>
                  {m.subscribe && ' · subscribed to the newsletter'}
                </p>
                <p className="mt-2 whitespace-pre-wrap text-ink">{m.message}</p>
              </div>
            )}
          </>
        )}
      </DataList>
    </TabSection>
  );
}
