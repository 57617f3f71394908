/**
 * The Mail tab's mail kept aside (docs/decisions/0040-mail-replies-and-delivery.md): mail received on the reply
 * domain whose reply address matched no lead (an unknown or forged token). It is on no lead's timeline; an admin
 * reads it here and, if it is a lead's, answers from the portal. Gone after 30 days.
 */
import { useQuery } from '@tanstack/react-query';
import type { UnmatchedMail } from '../../../features/mail/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { TabSection } from '../../ui/TabSection.tsx';
import { api } from '../shared/api.ts';
import { dayTime } from '../shared/format.ts';

export function KeptAside() {
  const list = useQuery({
    queryKey: ['mail', 'unmatched'],
    queryFn: () => api<{ items: Json<UnmatchedMail>[] }>('/api/admin/mail/unmatched'),
  });
  const items = list.data?.items ?? [];
  return (
    <TabSection title="Replies kept aside">
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Mail written to a reply address that matches no lead: shown on no lead’s page. Kept 30 days.
      </p>
      {list.isPending ? (
        <p className="mt-3 text-slate-600">Loading…</p>
      ) : list.error ? (
        <p className="mt-3 text-red-800">Error fetching the mail kept aside: {list.error.message}</p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-slate-600">Nothing kept aside.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {items.map((m) => (
            <li key={m.id} className="rounded-md bg-white p-3 shadow-sm" data-unmatched={m.id}>
              <p className="text-sm">
                <time dateTime={m.receivedAt}>{dayTime(m.receivedAt)}</time> from{' '}
                <span className="break-all">{m.from}</span> to <span className="break-all">{m.to}</span>
              </p>
              <p className="font-medium">{m.subject || '(no subject)'}</p>
              <p className="mt-1 whitespace-pre-wrap">{m.newText}</p>
              {m.attachments.length > 0 && (
                <p className="mt-1 text-sm text-slate-600">
                  Attachments not stored: {m.attachments.map((a) => a.name).join(', ')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </TabSection>
  );
}
