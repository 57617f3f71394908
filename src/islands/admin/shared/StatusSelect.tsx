/** A compact selector that sets a record's status. */
import { Options } from '../../ui/Options.tsx';

export function StatusSelect({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (next: string) => void;
  disabled?: boolean;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className="rounded-md border border-slate-300 px-2 py-1 text-sm capitalize"
    >
      <Options values={options} />
    </select>
  );
}
