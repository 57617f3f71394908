/**
 * The dashboard's period: the last 4, 12 or 52 weeks, or two dates. Dates are asked for only when chosen and
 * sent with "Show", not on each keystroke; the API checks them, and its refusal (a 422 naming `from` or `to`)
 * is shown under the field it names, anything else under the form.
 */
import { useId, useState } from 'react';
import { DASHBOARD_PERIOD_WEEKS } from '../../../features/dashboard/contract.ts';
import type { FieldErrors } from '../../../lib/api-error.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import { periodRange, type Period } from '../shared/period.ts';

const control =
  'mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-700';

export function PeriodPicker({
  period,
  onChange,
  errors,
}: {
  period: Period;
  onChange: (period: Period) => void;
  /** The API's messages per field of the last period asked for. */
  errors?: FieldErrors;
}) {
  const id = useId();
  const [custom, setCustom] = useState('from' in period);
  // The dates start from the period shown, so "Dates" begins with something sensible to edit.
  const [dates, setDates] = useState(() => periodRange(period));
  const chosen = custom ? 'dates' : String('weeks' in period ? period.weeks : '');
  const other = Object.entries(errors ?? {}).filter(([field]) => field !== 'from' && field !== 'to');

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    onChange({ from: dates.from, to: dates.to });
  };

  const dateField = (field: 'from' | 'to', label: string) => {
    const error = errors?.[field];
    return (
      <div>
        <label htmlFor={`${id}-${field}`} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={`${id}-${field}`}
          type="date"
          required
          value={dates[field]}
          onChange={(e) => setDates({ ...dates, [field]: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          className={control}
        />
        {error && (
          <p id={`${id}-${field}-error`} role="alert" className="mt-1 max-w-64 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <fieldset>
        <legend className="text-sm font-medium">Period</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {DASHBOARD_PERIOD_WEEKS.map((weeks) => (
            <label key={weeks} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="radio"
                name={`${id}-period`}
                value={weeks}
                checked={chosen === String(weeks)}
                onChange={() => {
                  setCustom(false);
                  onChange({ weeks });
                }}
                className="size-4 accent-brand-700"
              />
              Last {weeks} weeks
            </label>
          ))}
          <label className="flex items-center gap-2 py-1 text-sm">
            <input
              type="radio"
              name={`${id}-period`}
              value="dates"
              checked={custom}
              onChange={() => setCustom(true)}
              className="size-4 accent-brand-700"
            />
            Dates
          </label>
        </div>
      </fieldset>
      {custom && (
        <form onSubmit={submit} aria-label="Dates of the period" className="flex flex-wrap items-start gap-3">
          {dateField('from', 'From')}
          {dateField('to', 'To')}
          <button type="submit" className={`mt-6 ${buttonClass({ variant: 'primary', size: 'sm' })}`}>
            Show
          </button>
          {other.length > 0 && (
            <p role="alert" className="basis-full text-sm text-red-800">
              {other.map(([, message]) => message).join(' ')}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
