/** The audit log (admins only): who did what to which record, and when; newest first, 50 a page, and its CSV. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
// Types only: erased from the bundle, while a new action in the schema makes the labels below fail to compile.
import type { AuditAction } from '../../db/schema.ts';
import type { Json } from '../../lib/json.ts';
import type { ListPage } from '../../server/admin/list-query.types.ts';
import type { AuditLogEntry } from '../../server/audit-log.types.ts';
import { api, query } from './api.ts';
import { dayTime } from './format.ts';
import { Pager } from './ListControls.tsx';

type Entry = Json<AuditLogEntry>;

const actionLabel: Record<AuditAction, string> = {
  'role.grant': 'Granted a role',
  'role.remove': 'Removed a role',
  'submission.status': 'Changed a submission’s status',
  'message.status': 'Changed a message’s status',
  'post.publish': 'Published a post',
  'post.unpublish': 'Unpublished a post',
  'post.delete': 'Deleted a post',
  'document.download': 'Downloaded a document',
  'account.signout': 'Ended an account’s sessions',
  'account.two-factor-reset': 'Reset two-factor sign-in',
};
const actions = Object.keys(actionLabel) as AuditAction[];

const targetLabel: Record<string, string> = {
  user: 'User',
  submission: 'Submission',
  message: 'Message',
  post: 'Post',
  document: 'Document',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The detail of a row in words; the CSV export keeps it as JSON. */
function detailText({ action, detail }: Entry): string {
  switch (action) {
    case 'role.grant':
    case 'role.remove': {
      const command = text(detail.command) ? ` (npm run admin -- ${text(detail.command)})` : '';
      return `${text(detail.role)} ${action === 'role.grant' ? 'to' : 'from'} ${text(detail.email) || 'a deleted account'}${command}`;
    }
    case 'submission.status':
    case 'message.status':
      return `${text(detail.from)} → ${text(detail.to)}${detail.via === 'open' ? ' (by opening it)' : ''}`;
    case 'post.publish':
    case 'post.unpublish':
    case 'post.delete':
      return `“${text(detail.title)}” (/blog/${text(detail.slug)})${detail.status ? `, was ${text(detail.status)}` : ''}`;
    case 'document.download':
      return `${text(detail.fileName)} of submission ${text(detail.submissionId).slice(0, 8)}`;
    case 'account.signout':
      return `${text(detail.email) === '*' ? 'every account' : text(detail.email)}: ${String(detail.sessions ?? 0)} session(s) ended (npm run admin -- signout)`;
    case 'account.two-factor-reset':
      return `${text(detail.email)}: off, sessions ended (npm run admin -- reset-2fa)`;
    default:
      return JSON.stringify(detail);
  }
}

export function AuditLogTab() {
  const id = useId();
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['audit-log', action, page],
    queryFn: () => api<ListPage<Entry>>(`/api/admin/audit-log${query({ action, page: page > 1 ? page : undefined })}`),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) toast.error(`Error fetching the audit log: ${list.error.message}`);
  }, [list.error]);

  return (
    <section aria-labelledby="audit-log-heading">
      <h3 id="audit-log-heading" className="sr-only">
        Audit Log
      </h3>
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-action`} className="block text-sm font-medium">
            Action
          </label>
          <select
            id={`${id}-action`}
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              setPage(1);
            }}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          >
            <option value="">All</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {actionLabel[a]}
              </option>
            ))}
          </select>
        </div>
        <a
          href={`/api/admin/audit-log/export${query({ action })}`}
          download
          className="rounded-md px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
        >
          Export CSV
        </a>
      </div>
      <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Audit log, newest first</caption>
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                When
              </th>
              <th scope="col" className="px-3 py-2">
                Who
              </th>
              <th scope="col" className="px-3 py-2">
                Action
              </th>
              <th scope="col" className="px-3 py-2">
                Target
              </th>
              <th scope="col" className="px-3 py-2">
                Detail
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data?.items.map((entry) => (
              <tr key={entry.id} data-audit={entry.id} data-action={entry.action}>
                <td className="px-3 py-2 whitespace-nowrap">
                  {/* The browser's own time zone; the exact instant is in the title and the CSV (UTC). */}
                  <time dateTime={entry.at} title={entry.at}>
                    {dayTime(entry.at)}
                  </time>
                </td>
                <td className="px-3 py-2">{entry.actorEmail}</td>
                <td className="px-3 py-2">{actionLabel[entry.action] ?? entry.action}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {targetLabel[entry.targetType] ?? entry.targetType}{' '}
                  <span className="font-mono" title={entry.targetId}>
                    {entry.targetId.slice(0, 8)}
                  </span>
                </td>
                <td className="px-3 py-2 break-words">{detailText(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data?.items.length === 0 && <p className="p-4 text-slate-600">Nothing recorded yet.</p>}
        {list.isPending && <p className="p-4 text-slate-600">Loading the audit log…</p>}
      </div>
      {list.data && <Pager {...list.data} onPage={setPage} />}
    </section>
  );
}
