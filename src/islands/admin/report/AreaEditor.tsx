/** One area of the report: its score, findings, recommendations and package, beside what the rules suggested. */
import { useId } from 'react';
import { scoreMeanings, type AreaPrefill, type ReportArea } from '../../../lib/audit-report.ts';
import { formatUsd } from '../../../lib/format.ts';
import type { Json } from '../../../lib/json.ts';
import type { ReportPackage } from '../../../server/admin/reports.types.ts';
import { inputClass } from '../../forms/FormField.tsx';

interface Props {
  id: string;
  title: string;
  value: ReportArea;
  prefill: Json<AreaPrefill> | null;
  packages: readonly Json<ReportPackage>[];
  readOnly: boolean;
  /** The server's messages for this area's fields (`score`, `findings`…). */
  errors: Record<string, string>;
  onChange: (next: ReportArea) => void;
}

const priceOf = (p: Json<ReportPackage>) => (p.price === null ? 'on request' : `${formatUsd(p.price)} ${p.period}`);

export function AreaEditor({ id, title, value, prefill, packages, readOnly, errors, onChange }: Props) {
  const base = useId();
  const field = (name: keyof ReportArea) => ({
    id: `${base}-${name}`,
    disabled: readOnly,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `${base}-${name}-error` : undefined,
  });
  const error = (name: keyof ReportArea) =>
    errors[name] && (
      <p id={`${base}-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    );
  return (
    <section aria-labelledby={`${base}-title`} data-area={id} className="rounded-lg border border-slate-200 p-4">
      <h4 id={`${base}-title`} className="font-semibold text-ink">
        {title}
      </h4>
      <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-3">
          <div>
            <label htmlFor={`${base}-score`} className="text-sm font-medium">
              Score
            </label>
            <select
              {...field('score')}
              className={inputClass}
              value={value.score ?? ''}
              onChange={(e) => onChange({ ...value, score: e.target.value === '' ? null : Number(e.target.value) })}
            >
              <option value="">Not scored</option>
              {scoreMeanings.map((meaning, score) => (
                <option key={meaning} value={score}>
                  {score} – {meaning}
                </option>
              ))}
            </select>
            {error('score')}
          </div>
          <div>
            <label htmlFor={`${base}-findings`} className="text-sm font-medium">
              Findings
            </label>
            <textarea
              {...field('findings')}
              rows={3}
              className={inputClass}
              value={value.findings}
              onChange={(e) => onChange({ ...value, findings: e.target.value })}
            />
            {error('findings')}
          </div>
          <div>
            <label htmlFor={`${base}-recommendations`} className="text-sm font-medium">
              Recommendations
            </label>
            <textarea
              {...field('recommendations')}
              rows={3}
              className={inputClass}
              value={value.recommendations}
              onChange={(e) => onChange({ ...value, recommendations: e.target.value })}
            />
            {error('recommendations')}
          </div>
          <div>
            <label htmlFor={`${base}-packageSlug`} className="text-sm font-medium">
              Recommended package
            </label>
            <select
              {...field('packageSlug')}
              className={inputClass}
              value={value.packageSlug ?? ''}
              onChange={(e) => onChange({ ...value, packageSlug: e.target.value || null })}
            >
              <option value="">None</option>
              {packages.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.title} ({priceOf(p)})
                </option>
              ))}
            </select>
            {error('packageSlug')}
          </div>
        </div>
        <aside aria-label={`Suggested from the answers: ${title}`} className="rounded-md bg-brand-50 p-3 text-sm">
          {prefill ? (
            <>
              <p className="font-semibold">
                Suggested score: {prefill.score} – {scoreMeanings[prefill.score]}
              </p>
              <ul className="mt-2 space-y-2">
                {prefill.reasons.map((reason, i) => (
                  <li key={`${reason.field}-${i}`}>
                    <span className="text-slate-700">{reason.label}</span>{' '}
                    <span className="font-medium text-ink">“{reason.answer}”</span>
                    <br />
                    {reason.note}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>No answers for this area: score it yourself.</p>
          )}
        </aside>
      </div>
    </section>
  );
}
