/**
 * The fields of several boxes or buttons under one legend (checkbox groups, radio groups, yes/no), for
 * every form island; like the one-control fields (fields.tsx) they are wired through useFormField.
 */
import type { ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import type { Option } from '../../lib/forms/audit-options.ts';
import { FieldMessages, RequiredMark, useFormField, type FieldProps } from './FormField.tsx';

export const choiceClass = 'flex items-start gap-2 rounded-md py-1 text-sm text-ink';
export const boxClass = 'mt-0.5 size-4 shrink-0 accent-brand-700';

type GroupProps = Omit<FieldProps, 'id' | 'announce'>;

/** A fieldset with its legend, hint and error, wired like any other field. */
function Group({
  name,
  label,
  required,
  hint,
  className,
  children,
  role,
}: GroupProps & {
  children: ReactNode;
  role?: 'radiogroup';
}) {
  const { id, error, control } = useFormField(name, { hint });
  return (
    <fieldset
      className={className}
      aria-describedby={control['aria-describedby']}
      aria-invalid={control['aria-invalid']}
      aria-required={role && required ? true : undefined}
      role={role}
    >
      <legend className="text-sm font-medium text-ink">
        {label}
        <RequiredMark required={required} />
      </legend>
      <FieldMessages id={id} hint={hint} />
      {children}
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}

/** A multi-select: each box adds its value to the list or takes it out ('Select all that apply'). */
export function CheckboxGroupField<T extends FieldValues>({
  name,
  options,
  hint = 'Select all that apply',
  columns = 2,
  ...group
}: GroupProps & { name: FieldPath<T>; options: readonly Option[]; columns?: 1 | 2 | 3 }) {
  const { field } = useController<T>({ name });
  const list: string[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: string) =>
    field.onChange(list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const grid = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' }[columns];
  return (
    <Group name={name} hint={hint} {...group}>
      <div className={`mt-2 grid gap-x-6 gap-y-1 ${grid}`}>
        {options.map((o, i) => (
          <label key={o.value} className={choiceClass}>
            <input
              type="checkbox"
              className={boxClass}
              value={o.value}
              checked={list.includes(o.value)}
              onChange={() => toggle(o.value)}
              onBlur={field.onBlur}
              ref={i === 0 ? field.ref : undefined}
              name={name}
            />
            {o.label}
          </label>
        ))}
      </div>
    </Group>
  );
}

/** Radio buttons for `choices`, whose `value` is what the form holds (a string, or a boolean for yes/no). */
function RadioChoices<T extends FieldValues>({
  name,
  choices,
  ...group
}: GroupProps & { name: FieldPath<T>; choices: { key: string; label: string; value: unknown }[] }) {
  const { field } = useController<T>({ name });
  return (
    <Group name={name} {...group} role="radiogroup">
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        {choices.map((c, i) => (
          <label key={c.key} className={choiceClass}>
            <input
              type="radio"
              className={boxClass}
              name={name}
              value={c.key}
              checked={field.value === c.value}
              onChange={() => field.onChange(c.value)}
              onBlur={field.onBlur}
              ref={i === 0 ? field.ref : undefined}
            />
            {c.label}
          </label>
        ))}
      </div>
    </Group>
  );
}

/** One choice shown as radio buttons. */
export function RadioGroupField<T extends FieldValues>({
  options,
  ...group
}: GroupProps & { name: FieldPath<T>; options: readonly Option[] }) {
  return (
    <RadioChoices<T> {...group} choices={options.map((o) => ({ key: o.value, label: o.label, value: o.value }))} />
  );
}

const yesNo = [
  { key: 'yes', label: 'Yes', value: true },
  { key: 'no', label: 'No', value: false },
];

/** A yes/no question whose answer is a boolean, shown as two radio buttons. */
export function YesNoField<T extends FieldValues>(props: Omit<GroupProps, 'required'> & { name: FieldPath<T> }) {
  return <RadioChoices<T> {...props} choices={yesNo} />;
}
