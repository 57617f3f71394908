/** One area of the report editor: score, findings, recommendations and package, beside the rules' suggestion. */
import type { ReactNode } from 'react';
import {
  scoreMeanings,
  type AreaPrefill,
  type ReportArea,
  type ReportPackage,
} from '../../../../features/reports/contract.ts';
import { formatUsd } from '../../../../lib/format.ts';
import { FieldMessages, inputClass } from '../../../forms/FormField.tsx';

/** A package as its option reads: title, price and period ("priced on request" without a price). */
export const packageLabel = (p: ReportPackage): string =>
  `${p.title} (${p.price === null ? 'priced on request' : `${formatUsd(p.price)} ${p.period}`})`;

/** The id of a field of an area's controls (`<prefix>-website-score`), which a refused delivery focuses. */
export const fieldId = (prefix: string, path: string): string => `${prefix}-${path.replaceAll('.', '-')}`;

interface Props {
  areaId: string;
  title: string;
  value: ReportArea;
  prefill: AreaPrefill | null;
  packages: ReportPackage[];
  disabled: boolean;
  /** The server's messages by field (`areas.website.score`). */
  errors: Record<string, string>;
  idPrefix: string;
  onChange: (next: ReportArea) => void;
}

export function AreaFields({ areaId, title, value, prefill, packages, disabled, errors, idPrefix, onChange }: Props) {
  const field = (name: keyof ReportArea, label: string, control: (props: ControlAttrs) => ReactNode) => {
    const path = `areas.${areaId}.${name}`;
    const id = fieldId(idPrefix, path);
    const error = errors[path];
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          {label}
        </label>
        {control({
          id,
          disabled,
          className: inputClass,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
        <FieldMessages id={id} error={error} />
      </div>
    );
  };
  const text = (name: 'findings' | 'recommendations', label: string) =>
    field(name, label, (props) => (
      <textarea
        rows={4}
        value={value[name]}
        onChange={(e) => onChange({ ...value, [name]: e.target.value })}
        {...props}
      />
    ));

  return (
    <section
      aria-labelledby={`${idPrefix}-${areaId}-title`}
      data-area={areaId}
      className="grid gap-6 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
    >
      <div className="space-y-4">
        <h5 id={`${idPrefix}-${areaId}-title`} className="font-semibold text-ink">
          {title}
        </h5>
        {field('score', 'Score', (props) => (
          <select
            value={value.score ?? ''}
            onChange={(e) => onChange({ ...value, score: e.target.value === '' ? null : Number(e.target.value) })}
            {...props}
          >
            <option value="">Not scored</option>
            {scoreMeanings.map((meaning, score) => (
              <option key={meaning} value={score}>
                {score} – {meaning}
              </option>
            ))}
          </select>
        ))}
        {text('findings', 'Findings')}
        {text('recommendations', 'Recommendations')}
        {field('packageSlug', 'Recommended package', (props) => (
          <select
            value={value.packageSlug ?? ''}
            onChange={(e) => onChange({ ...value, packageSlug: e.target.value || null })}
            {...props}
          >
            <option value="">No package</option>
            {packages.map((p) => (
              <option key={p.slug} value={p.slug}>
                {packageLabel(p)}
              </option>
            ))}
          </select>
        ))}
      </div>
      <Suggestion prefill={prefill} />
    </section>
  );
}

interface ControlAttrs {
  id: string;
  disabled: boolean;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What the rules suggest for the area and the lead's answers behind it. */
function Suggestion({ prefill }: { prefill: AreaPrefill | null }) {
  if (!prefill) {
    return (
      <aside className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-suggestion>
        No answers for this area: score it yourself.
      </aside>
    );
  }
  return (
    <aside className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-suggestion>
      <p className="font-medium text-ink">
        Suggested score: {prefill.score} – {scoreMeanings[prefill.score]}
      </p>
      <ul className="mt-2 space-y-2">
        {prefill.reasons.map((reason) => (
          <li key={reason.field} data-reason={reason.field}>
            <span className="block text-slate-600">{reason.label}</span>
            <span className="block font-medium text-ink">{reason.answer}</span>
            <span className="block">{reason.note}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
