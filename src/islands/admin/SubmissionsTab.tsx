/** Audit submissions: newest first, filters, CSV, colour-coded statuses, a selector, and the full answers. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Json } from '../../lib/json.ts';
import { submissionStatuses } from '../../lib/statuses.ts';
import type { SubmissionDetail as Detail, SubmissionListItem } from '../../server/admin/submissions.types.ts';
import { api, download } from './api.ts';
import { Badge } from './Badge.tsx';
import { dayTime } from './format.ts';
import { emptyFilters, ListControls, Pager, type Filters } from './ListControls.tsx';
import { StatusSelect } from './StatusSelect.tsx';
import { filterQuery, useList, useStatusUpdate } from './useList.ts';

const sourceLabel = { contact_page: 'Contact page', intake: 'Intake' } as const;

export function SubmissionsTab({ canEdit }: { canEdit: boolean }) {
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useList<Json<SubmissionListItem>>('submissions', filters, 'Error fetching submissions: ');
  const status = useStatusUpdate('submissions', ['submission']);

  return (
    <section aria-labelledby="submissions-heading">
      <h3 id="submissions-heading" className="sr-only">
        Audit Submissions
      </h3>
      <ListControls
        filters={filters}
        onChange={setFilters}
        statuses={submissionStatuses}
        searchLabel="Search company, name or email"
        exportHref={`/api/admin/submissions/export.csv${filterQuery(filters, false)}`}
      />
      <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                Received
              </th>
              <th scope="col" className="px-3 py-2">
                Company
              </th>
              <th scope="col" className="px-3 py-2">
                Contact
              </th>
              <th scope="col" className="px-3 py-2">
                Form
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data?.items.map((s) => (
              <tr key={s.id} data-submission={s.id}>
                <td className="px-3 py-2 whitespace-nowrap">{dayTime(s.createdAt)}</td>
                <td className="px-3 py-2 font-medium">
                  {s.companyName}
                  {s.isSpam && <span className="ml-2 text-xs font-semibold text-red-700">Spam</span>}
                </td>
                <td className="px-3 py-2">
                  {s.contactName}
                  <br />
                  <a className="text-brand-700 underline" href={`mailto:${s.contactEmail}`}>
                    {s.contactEmail}
                  </a>
                </td>
                <td className="px-3 py-2">{sourceLabel[s.source]}</td>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-2">
                    <Badge value={s.status} />
                    {canEdit && (
                      <StatusSelect
                        label={`Status of ${s.companyName}`}
                        value={s.status}
                        options={submissionStatuses}
                        disabled={status.isPending}
                        onChange={(next) => status.mutate({ id: s.id, status: next })}
                      />
                    )}
                  </div>
                </td>
                <td className="px-3 py-2 text-right">
                  <button
                    type="button"
                    onClick={() => setOpenId(openId === s.id ? null : s.id)}
                    aria-expanded={openId === s.id}
                    className="font-semibold text-brand-700 underline"
                  >
                    {openId === s.id ? 'Hide' : 'View'}
                    <span className="sr-only"> {s.companyName}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data?.items.length === 0 && <p className="p-4 text-slate-600">No submissions match.</p>}
        {list.isPending && <p className="p-4 text-slate-600">Loading submissions…</p>}
      </div>
      {list.data && <Pager {...list.data} onPage={(page) => setFilters({ ...filters, page })} />}
      {openId && <SubmissionDetail id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}

function SubmissionDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ['submission', id],
    queryFn: () => api<Json<Detail>>(`/api/admin/submissions/${id}`),
  });
  useEffect(() => {
    if (detail.error) toast.error(`Error fetching documents: ${detail.error.message}`);
  }, [detail.error]);
  const d = detail.data;
  return (
    <section
      aria-labelledby="submission-detail-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h3 id="submission-detail-heading" className="text-xl font-bold">
          {d ? d.submission.companyName : 'Loading…'}
        </h3>
        <button type="button" onClick={onClose} className="text-sm font-semibold text-brand-700 underline">
          Close
        </button>
      </div>
      {d && (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Received {dayTime(d.submission.createdAt)} · updated {dayTime(d.submission.updatedAt)} ·{' '}
            {sourceLabel[d.submission.source]}
            {d.submission.isSpam && ` · flagged as spam (${d.submission.spamReason})`}
          </p>
          {d.sections.map((section) => (
            <div key={section.title} className="mt-6">
              <h4 className="font-semibold text-ink">{section.title}</h4>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                {section.rows.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="break-words text-ink">{value || '—'}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
          <div className="mt-6">
            <h4 className="font-semibold text-ink">Documents</h4>
            {d.documents.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No documents.</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {d.documents.map((doc) => (
                  <li key={doc.id} className="flex items-center gap-3">
                    <span>
                      {doc.fileName} ({Math.max(1, Math.round(doc.fileSize / 1024))} KB)
                    </span>
                    <button
                      type="button"
                      className="font-semibold text-brand-700 underline"
                      onClick={() =>
                        download(`/api/admin/documents/${doc.id}`, doc.fileName).catch((error: Error) =>
                          toast.error(`Error downloading file: ${error.message}`),
                        )
                      }
                    >
                      Download<span className="sr-only"> {doc.fileName}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
