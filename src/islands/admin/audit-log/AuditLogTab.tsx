/** The audit log (admins only): who did what to which record, and when; newest first, 50 a page, and its CSV. */
import { useState } from 'react';
// Types only: erased from the bundle, while a new action in the schema makes the labels below fail to compile.
import type { AuditAction, AuditLogEntry } from '../../../features/action-log/contract.ts';
import type { Json } from '../../../lib/json.ts';
import { lostReasonLabels, stageLabels, type LeadStage, type LostReason } from '../../../lib/statuses.ts';
import type { ListPage } from '../../../lib/list-page.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { TabSection } from '../../ui/TabSection.tsx';
import { query } from '../shared/api.ts';
import { dayTime } from '../shared/format.ts';
import { FilterBar, FilterSelect } from '../shared/ListControls.tsx';
import { useAdminList } from '../shared/useList.ts';

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
  'role.bootstrap-refused': 'Refused a first admin (an admin exists)',
  'report.save': 'Saved an audit report',
  'report.deliver': 'Delivered an audit report',
  'report.revoke': 'Revoked a report link',
  'lead.owner': 'Changed a lead’s owner',
  'lead.note': 'Added a note to a lead',
  'lead.note-delete': 'Deleted a note of a lead',
  'lead.reply': 'Replied to a lead',
  'lead.answered-elsewhere': 'Recorded a response made elsewhere',
  'lead.client': 'Marked a lead a client (or not)',
  'lead.export': 'Exported a person’s data',
  'lead.erase': 'Erased a person',
  'lead.stage': 'Moved a lead in the pipeline',
  'pipeline.settings': 'Changed the pipeline’s settings',
  'export.csv': 'Exported a list as CSV',
  'account.password-change': 'Changed their password',
  'account.two-factor-enable': 'Turned on two-factor sign-in',
  'account.two-factor-disable': 'Turned off two-factor sign-in',
  'account.session-signout': 'Signed out one of their sessions',
  'account.session-signout-others': 'Signed out everywhere else',
  'mail.test': 'Sent a test mail',
  'mail.retry': 'Retried a failed mail',
  'staff.remove': 'Removed a colleague from staff',
  'lead.details': 'Corrected a lead’s details',
};
const actions = Object.keys(actionLabel) as AuditAction[];

const targetLabel: Record<string, string> = {
  user: 'User',
  submission: 'Submission',
  message: 'Message',
  post: 'Post',
  document: 'Document',
  mail: 'Mail',
  lead: 'Lead',
  list: 'List',
};

/** A reset from the portal records the admin; the command line's is marked by having no `via` (kept as before). */
const entryActorIsCli = (detail: Record<string, unknown>) => detail.via !== 'portal';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The detail of a row in words; the CSV export keeps it as JSON. */
function detailText({ action, detail }: Entry): string {
  switch (action) {
    case 'role.grant':
    case 'role.remove': {
      const command = text(detail.command)
        ? ` (npm run admin -- ${text(detail.command)})`
        : detail.via === 'bootstrap'
          ? ' (first admin, ADMIN_BOOTSTRAP_EMAIL)'
          : '';
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
      return `${text(detail.email)}: off, sessions ended${entryActorIsCli(detail) ? ' (npm run admin -- reset-2fa)' : ''}`;
    case 'staff.remove':
      return `${text(detail.email)}: ${Array.isArray(detail.roles) ? detail.roles.join(', ') : ''} removed, ${String(detail.sessionsEnded ?? 0)} session(s) ended, ${String(detail.leadsOwned ?? 0)} lead(s) to reassign`;
    case 'lead.details':
      return `${Array.isArray(detail.fields) ? detail.fields.join(', ') : ''} corrected`;
    case 'role.bootstrap-refused':
      return `${text(detail.email)} confirmed the ADMIN_BOOTSTRAP_EMAIL address; no role given`;
    case 'report.save':
      return `revision ${String(detail.revision ?? '')}`;
    case 'report.deliver':
    case 'report.revoke':
      return `version ${String(detail.version ?? '')}`;
    case 'mail.test':
      return `to ${text(detail.to)}`;
    case 'mail.retry':
      return `${text(detail.kind)} to ${text(detail.to)}, after ${String(detail.attempts ?? 0)} attempt(s)`;
    case 'lead.owner':
      return `${text(detail.fromEmail) || 'unassigned'} → ${text(detail.toEmail) || 'unassigned'}`;
    case 'lead.note':
    case 'lead.note-delete':
      return `note ${text(detail.noteId).slice(0, 8)}`;
    case 'lead.reply':
      return `“${text(detail.subject)}”`;
    case 'lead.answered-elsewhere':
      return 'first response made outside the portal';
    case 'lead.stage': {
      const stage = (v: unknown) => stageLabels[v as LeadStage] ?? text(v);
      const value = typeof detail.value === 'number' ? `, $${detail.value.toLocaleString('en-US')}` : '';
      const reason = text(detail.reason)
        ? ` (${lostReasonLabels[detail.reason as LostReason] ?? text(detail.reason)})`
        : '';
      return `${stage(detail.from)} → ${stage(detail.to)}${value}${reason}`;
    }
    case 'pipeline.settings':
      return 'stage probabilities and stale days';
    case 'lead.client':
      return detail.to ? 'now a client: kept past retention' : 'no longer a client';
    case 'lead.export':
    case 'lead.erase': {
      const n = (key: string) => (typeof detail[key] === 'number' ? (detail[key] as number) : 0);
      const why = action === 'lead.erase' ? (detail.reason === 'retention' ? 'retention: ' : 'on request: ') : '';
      return `${why}${n('messages') + n('submissions')} request(s), ${n('documents')} document(s), ${n('mails')} mail(s)`;
    }
    case 'export.csv': {
      const filters = Object.entries((detail.filters ?? {}) as Record<string, unknown>)
        .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(',') : String(value)}`)
        .join(', ');
      return `${text(detail.list)}: ${String(detail.rows ?? 0)} row(s)${filters ? ` (${filters})` : ''}`;
    }
    case 'account.password-change':
    case 'account.two-factor-enable':
    case 'account.two-factor-disable':
      return text(detail.email);
    case 'account.session-signout':
      return `${text(detail.device)}, ${text(detail.browser)}, ${text(detail.ipAddress) || 'address unknown'}`;
    case 'account.session-signout-others':
      return `${String(detail.ended ?? 0)} session(s) ended`;
    default:
      return JSON.stringify(detail);
  }
}

const columns: Column<Entry>[] = [
  {
    header: 'When',
    className: 'whitespace-nowrap',
    // The browser's own time zone; the exact instant is in the title and the CSV (UTC).
    cell: (entry) => (
      <time dateTime={entry.at} title={entry.at}>
        {dayTime(entry.at)}
      </time>
    ),
  },
  { header: 'Who', cell: (entry) => entry.actorEmail },
  { header: 'Action', cell: (entry) => actionLabel[entry.action] ?? entry.action },
  {
    header: 'Target',
    className: 'whitespace-nowrap',
    cell: (entry) => (
      <>
        {targetLabel[entry.targetType] ?? entry.targetType}{' '}
        <span className="font-mono" title={entry.targetId}>
          {entry.targetId.slice(0, 8)}
        </span>
      </>
    ),
  },
  { header: 'Detail', className: 'break-words', cell: detailText },
];

export function AuditLogTab() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList<ListPage<Entry>>(
    ['audit-log', action, page],
    `/api/admin/audit-log${query({ action, page: page > 1 ? page : undefined })}`,
    'Error fetching the audit log: ',
  );

  return (
    <TabSection title="Audit Log" hideTitle>
      <FilterBar exportHref={`/api/admin/audit-log/export${query({ action })}`}>
        <FilterSelect
          label="Action"
          value={action}
          onChange={(next) => {
            setAction(next);
            setPage(1);
          }}
          options={actions}
          optionLabel={(a) => actionLabel[a]}
        />
      </FilterBar>
      <DataTable
        cards
        caption="Audit log, newest first"
        columns={columns}
        list={list}
        loading="Loading the audit log…"
        empty="Nothing recorded yet."
        onPage={setPage}
        rowData={(entry) => ({ 'data-audit': entry.id, 'data-action': entry.action })}
      />
    </TabSection>
  );
}
