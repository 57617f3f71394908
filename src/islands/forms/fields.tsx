/**
 * Form controls shared by every form island (contact, short audit, intake wizard). Each reads its state
 * from the surrounding react-hook-form `FormProvider`, ties its label, hint and error to the control
 * (`aria-describedby`, `aria-invalid`), and shows the schema's message under it.
 */
import { useId, type ReactNode, type RefObject } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import type { Option } from '../../lib/forms/audit-options.ts';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600';

interface BaseProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
}

/** The message of a field's first error, if any. */
function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  let node: unknown = errors;
  for (const key of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return (node as { message?: string } | undefined)?.message;
}

function Label({ htmlFor, label, required }: { htmlFor?: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-ink">
      {label}
      {required && (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

/** The hint and error lines under a control, with the ids that `aria-describedby` points at. */
function Describe({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-field-error>
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

interface TextProps extends BaseProps {
  type?: 'text' | 'email' | 'tel' | 'url' | 'date';
  autoComplete?: string;
  placeholder?: string;
  min?: string;
  max?: string;
}

/** A one-line input. */
export function TextField({ name, label, required, hint, className, type = 'text', ...rest }: TextProps) {
  const id = useId();
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} required={required} />
      <input
        id={id}
        type={type}
        className={inputClass}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
        {...register(name)}
      />
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

/** A multi-line answer. */
export function TextAreaField({ name, label, required, hint, className, rows = 4 }: BaseProps & { rows?: number }) {
  const id = useId();
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} required={required} />
      <textarea
        id={id}
        rows={rows}
        className={inputClass}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...register(name)}
      />
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

/** One choice from a drop-down; the empty first entry stands for "not chosen". */
export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  options,
  placeholder = 'Select…',
}: BaseProps & { options: readonly Option[]; placeholder?: string }) {
  const id = useId();
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} required={required} />
      <select
        id={id}
        className={inputClass}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...register(name)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

function Group({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
  role,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
  role?: 'radiogroup';
}) {
  return (
    <fieldset
      className={className}
      aria-describedby={describedBy(id, hint, error)}
      aria-invalid={error ? true : undefined}
      aria-required={role && required ? true : undefined}
      role={role}
    >
      <legend className="text-sm font-medium text-ink">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {children}
      <Describe id={id} error={error} />
    </fieldset>
  );
}

const choiceClass = 'flex items-start gap-2 rounded-md py-1 text-sm text-ink';
const boxClass = 'mt-0.5 size-4 shrink-0 accent-brand-700';

/** A multi-select: each box adds its value to the list or takes it out ('Select all that apply'). */
export function CheckboxGroupField<T extends FieldValues>({
  name,
  label,
  required,
  className,
  options,
  hint = 'Select all that apply',
  columns = 2,
}: BaseProps & { name: FieldPath<T>; options: readonly Option[]; columns?: 1 | 2 | 3 }) {
  const id = useId();
  const { field } = useController<T>({ name });
  const error = useFieldError(name);
  const list: string[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: string) =>
    field.onChange(list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const grid = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' }[columns];
  return (
    <Group id={id} label={label} required={required} hint={hint} error={error} className={className}>
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

/** One choice shown as radio buttons. */
export function RadioGroupField<T extends FieldValues>({
  name,
  label,
  required,
  hint,
  className,
  options,
}: BaseProps & { name: FieldPath<T>; options: readonly Option[] }) {
  const id = useId();
  const { field } = useController<T>({ name });
  const error = useFieldError(name);
  return (
    <Group id={id} label={label} required={required} hint={hint} error={error} className={className} role="radiogroup">
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        {options.map((o, i) => (
          <label key={o.value} className={choiceClass}>
            <input
              type="radio"
              className={boxClass}
              name={name}
              value={o.value}
              checked={field.value === o.value}
              onChange={() => field.onChange(o.value)}
              onBlur={field.onBlur}
              ref={i === 0 ? field.ref : undefined}
            />
            {o.label}
          </label>
        ))}
      </div>
    </Group>
  );
}

/** A single yes/no box (e.g. the newsletter opt-in or "we have a website"). */
export function CheckboxField({
  name,
  label,
  hint,
  className,
}: Omit<BaseProps, 'required' | 'label'> & { label: ReactNode }) {
  const id = useId();
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <label htmlFor={id} className={choiceClass}>
        <input
          id={id}
          type="checkbox"
          className={boxClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...register(name)}
        />
        <span>{label}</span>
      </label>
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

/** The required consent box of decision 4, with its wording and a link to the privacy policy. */
export function ConsentField({
  name = 'consent',
  text,
  className,
}: {
  name?: string;
  text: string;
  className?: string;
}) {
  const [before, after] = text.split('privacy policy');
  return (
    <CheckboxField
      name={name}
      className={className}
      label={
        <>
          {before}
          <a href="/privacy-policy" className="text-brand-700 underline" target="_blank" rel="noopener">
            privacy policy
          </a>
          {after}
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        </>
      }
    />
  );
}

/** The honeypot of decision 8: hidden from people and assistive technology, filled in by bots. */
export function Honeypot({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website (leave empty)
        <input ref={inputRef} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** A yes/no question whose answer is a boolean, shown as two radio buttons. */
export function YesNoField<T extends FieldValues>({
  name,
  label,
  hint,
  className,
}: Omit<BaseProps, 'required'> & { name: FieldPath<T> }) {
  const id = useId();
  const { field } = useController<T>({ name });
  const error = useFieldError(name);
  return (
    <Group id={id} label={label} hint={hint} error={error} className={className} role="radiogroup">
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        {[true, false].map((answer) => (
          <label key={String(answer)} className={choiceClass}>
            <input
              type="radio"
              className={boxClass}
              name={name}
              value={answer ? 'yes' : 'no'}
              checked={field.value === answer}
              onChange={() => field.onChange(answer)}
              onBlur={field.onBlur}
              ref={answer ? field.ref : undefined}
            />
            {answer ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
    </Group>
  );
}
