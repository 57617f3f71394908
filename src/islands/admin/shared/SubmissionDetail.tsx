/**
 * One audit submission opened: its record, every answer under its intake step, its documents to download, and the
 * way to its audit report. Shown under the Audit Submissions list and, for each audit request, on a lead's page.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { toast } from 'sonner';
import type { Json } from '../../../lib/json.ts';
import type { SubmissionDetail as Detail } from '../../../features/leads/contract.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { api } from './api.ts';
import { DocumentDownload } from './DocumentDownload.tsx';
import { dayTime } from './format.ts';

export const sourceLabel = { contact_page: 'Contact page', intake: 'Intake' } as const;

type Level = 3 | 4 | 5;

export function SubmissionDetail({
  id,
  onClose,
  onReport,
  level = 3,
}: {
  id: string;
  /** Shows a Close button. */
  onClose?: () => void;
  onReport: () => void;
  /** The heading level of the company's name; the steps' headings are one below. */
  level?: Level;
}) {
  const headingId = useId();
  const detail = useQuery({
    queryKey: ['submission', id],
    queryFn: () => api<Json<Detail>>(`/api/admin/submissions/${id}`),
  });
  useEffect(() => {
    if (detail.error) toast.error(`Error fetching documents: ${detail.error.message}`);
  }, [detail.error]);
  const d = detail.data;
  const Heading = `h${level}` as const;
  const Sub = `h${(level + 1) as 4 | 5 | 6}` as const;
  return (
    <section
      aria-labelledby={headingId}
      data-submission-detail={id}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <Heading id={headingId} className="text-xl font-bold">
          {d ? d.submission.companyName : 'Loading…'}
        </Heading>
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="button"
            data-open-report={id}
            onClick={onReport}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Open audit report
          </button>
          {onClose && (
            <button type="button" onClick={onClose} className={buttonClass({ variant: 'link', size: 'inlineSm' })}>
              Close
            </button>
          )}
        </div>
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
              <Sub className="font-semibold text-ink">{section.title}</Sub>
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
            <Sub className="font-semibold text-ink">Documents</Sub>
            {d.documents.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No documents.</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {d.documents.map((doc) => (
                  <li key={doc.id} className="flex flex-wrap items-center gap-3">
                    <span>
                      {doc.fileName} ({Math.max(1, Math.round(doc.fileSize / 1024))} KB)
                    </span>
                    {doc.hasMacros && (
                      <strong className="rounded bg-red-100 px-2 py-0.5 text-xs text-red-900" data-macros>
                        Contains macros
                      </strong>
                    )}
                    <DocumentDownload id={doc.id} name={doc.fileName} hasMacros={doc.hasMacros} />
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
