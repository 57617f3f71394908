/** A compact selector that sets a record's status. */
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
      {options.map((o) => (
        <option key={o} value={o}>
          {o[0]!.toUpperCase() + o.slice(1)}
        </option>
      ))}
    </select>
  );
}
