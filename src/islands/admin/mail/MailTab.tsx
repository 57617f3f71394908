/**
 * Mail that is seen to work (admins only): send a test mail to the staff inbox and see what became of it, and
 * the mail the provider refused, with its reason and a Retry per mail. No mail's body is ever shown here.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Json } from '../../../lib/json.ts';
import type { ListPage } from '../../../lib/list-page.ts';
import type { MailItem, MailReply } from '../../../features/mail/contract.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { actionsColumn, DataTable, type Column } from '../../ui/DataTable.tsx';
import { TabSection } from '../../ui/TabSection.tsx';
import { api, query } from '../shared/api.ts';
import { dayTime, time } from '../shared/format.ts';
import { FilterSelect } from '../shared/ListControls.tsx';
import { useAdminList } from '../shared/useList.ts';
import { KeptAside } from './KeptAside.tsx';

type Item = Json<MailItem>;

/** How long the portal watches a test mail (one look a second) before it says it is still pending. */
export const TEST_MAIL_WATCH = { tries: 10, everyMs: 1000 } as const;

/** What became of the test mail, in words (said by the live region). */
function outcome(mail: Item, watching: boolean): string {
  if (mail.status === 'sent')
    return `Sent to ${mail.to} at ${time(mail.sentAt ?? mail.lastAttemptAt ?? mail.createdAt)}. Check the staff inbox.`;
  if (mail.lastError) {
    const next = mail.status === 'failed' ? 'It will not be tried again.' : 'The outbox tries it again later.';
    return `Not sent: the mail provider refused it: ${mail.lastError} ${next}`;
  }
  if (watching) return `Queued for ${mail.to}; sending…`;
  return 'Still pending: it waits in the outbox, and the scheduled sender tries it every minute. A site without RESEND_API_KEY keeps mail there until a key is set.';
}

function TestMail({ onSettled }: { onSettled: () => void }) {
  const [mail, setMail] = useState<Item | null>(null);
  const [watching, setWatching] = useState(false);
  const [error, setError] = useState('');
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  const send = useMutation({
    mutationFn: () => api<Json<MailReply>>('/api/admin/mail/test', { method: 'POST', body: {} }),
    onMutate: () => {
      setMail(null);
      setError('');
    },
    onSuccess: async ({ mail: queued }) => {
      setMail(queued);
      setWatching(true);
      let current = queued;
      try {
        for (let i = 0; i < TEST_MAIL_WATCH.tries && current.status === 'pending' && !current.lastError; i++) {
          await new Promise((resolve) => setTimeout(resolve, TEST_MAIL_WATCH.everyMs));
          if (!alive.current) return;
          current = (await api<Json<MailReply>>(`/api/admin/mail/${queued.id}`)).mail;
          setMail(current);
        }
      } catch (failure) {
        if (alive.current) setError(`Could not read the test mail’s state: ${(failure as Error).message}`);
      }
      if (!alive.current) return;
      setWatching(false);
      onSettled();
    },
    onError: (failure) => setError(`Error sending the test mail: ${failure.message}`),
  });

  const busy = send.isPending || watching;
  return (
    <TabSection title="Test mail">
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Sends a short mail to the staff inbox through the outbox, the way every lead’s notification goes. When it
        arrives, the site’s mail works end to end.
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={() => send.mutate()}
        className={`mt-3 ${buttonClass({ variant: 'primary', size: 'sm' })}`}
      >
        {busy ? 'Sending…' : 'Send a test mail'}
      </button>
      <p role="status" data-test-mail={mail?.status ?? ''} className="mt-3 min-h-6 text-sm">
        {error || (mail ? outcome(mail, watching) : '')}
      </p>
    </TabSection>
  );
}

const columns = (retry: (mail: Item) => void, retrying: string | null): Column<Item>[] => [
  {
    header: 'Last tried',
    className: 'whitespace-nowrap',
    cell: (m) => {
      const at = m.lastAttemptAt ?? m.createdAt;
      return (
        <time dateTime={at} title={at}>
          {dayTime(at)}
        </time>
      );
    },
  },
  { header: 'Kind', className: 'font-mono', cell: (m) => m.kind },
  { header: 'To', className: 'break-all', cell: (m) => m.to },
  { header: 'Subject', cell: (m) => m.subject },
  { header: 'Attempts', className: 'text-right', cell: (m) => m.attempts },
  { header: 'Reason', className: 'break-words', cell: (m) => m.lastError ?? m.deliveryDetail ?? m.delivery ?? '' },
  actionsColumn((m) =>
    m.status === 'sent' ? (
      <span className="text-slate-600">Sent, not delivered</span>
    ) : m.status === 'failed' ? (
      <button
        type="button"
        disabled={retrying === m.id}
        onClick={() => retry(m)}
        className={buttonClass({ variant: 'secondary', size: 'xs' })}
      >
        Retry
        <span className="sr-only">
          {' '}
          the mail “{m.subject}” to {m.to}
        </span>
      </button>
    ) : (
      <span className="text-slate-600">Retried automatically</span>
    ),
  ),
];

const listLabel = { retrying: 'Mail being retried', bounced: 'Staff mail that bounced' } as const;

export function MailTab() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList<ListPage<Item>>(
    ['mail', status, page],
    `/api/admin/mail${query({ status, page: page > 1 ? page : undefined })}`,
    'Error fetching the failed mail: ',
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['mail'] });
  const retry = useMutation({
    mutationFn: (mail: Item) => api<Json<MailReply>>(`/api/admin/mail/${mail.id}/retry`, { method: 'POST', body: {} }),
    onSuccess: () => {
      toast.success('Mail queued again: it is sent in a moment');
      refresh();
    },
    onError: (failure) => toast.error(`Error retrying the mail: ${failure.message}`),
  });

  return (
    <div className="space-y-8">
      <TestMail onSettled={refresh} />
      <TabSection title="Mail the provider refused">
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          A mail the provider refused is tried again with growing pauses; after ten refusals it is marked failed and
          waits here until you retry it. Only who it was for and its subject are shown, never its text.
        </p>
        <div className="mt-3">
          <FilterSelect
            label="Show"
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
            options={['retrying', 'bounced']}
            optionLabel={(s) => (s === 'bounced' ? 'Bounced staff mail' : 'Being retried')}
            emptyLabel="Failed"
          />
        </div>
        <DataTable
          cards
          caption={`${listLabel[status as keyof typeof listLabel] ?? 'Failed mail'}, latest tried first`}
          columns={columns((mail) => retry.mutate(mail), retry.isPending ? (retry.variables?.id ?? null) : null)}
          list={list}
          loading="Loading the failed mail…"
          empty={`No ${(listLabel[status as keyof typeof listLabel] ?? 'failed mail').toLowerCase()}.`}
          onPage={setPage}
          rowData={(m) => ({ 'data-mail': m.id, 'data-status': m.status })}
        />
      </TabSection>
      <KeptAside />
    </div>
  );
}
