/** The options of a select of statuses or roles, each shown capitalised (`pending` → Pending). */
export const capitalised = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

export function Options<V extends string>({
  values,
  label = capitalised,
}: {
  values: readonly V[];
  label?: (value: V) => string;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
