/**
 * The wiring of one form field, in the manner of shadcn's `useFormField`: the control's id, its label, the
 * hint and error lines under it with the ids `aria-describedby` points at, and `aria-invalid`, all read
 * from the surrounding react-hook-form `FormProvider`. Every field of the public forms and of the portal
 * goes through it, so an error (the schema's, or the server's set with `setError`) shows the same way.
 */
import { useId, type ReactNode } from 'react';
import { useFormContext, type FieldErrors } from 'react-hook-form';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600';

/** What every field takes besides its control's own attributes. */
export interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
  /** A fixed id for the control (links and tests point at it); a generated one otherwise. */
  id?: string;
  /** The error is an alert, announced again each time a submit refuses (the account forms). */
  announce?: boolean;
}

/** The message of the error at a dotted path (`company.name`) of react-hook-form's errors, if any. */
export function messageAt(errors: FieldErrors, name: string): string | undefined {
  let node: unknown = errors;
  for (const key of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** The attributes that tie a control to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** One field's ids, error and the attributes for its control. */
export function useFormField(name: string, { id: fixedId, hint }: { id?: string; hint?: string } = {}) {
  const generated = useId();
  const id = fixedId ?? generated;
  const {
    formState: { errors, submitCount },
  } = useFormContext();
  const error = messageAt(errors, name);
  const control: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  };
  return { id, error, submitCount, control };
}

/** The ' *' after the label of a required field (hidden from screen readers: the control says aria-required). */
export function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span className="text-red-700" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** The hint and error lines under a control, with the ids that `aria-describedby` points at. */
export function FieldMessages({
  id,
  hint,
  error,
  announce,
  submitCount = 0,
}: {
  id: string;
  hint?: string;
  error?: string;
  announce?: boolean;
  submitCount?: number;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p
          // A new element after each submit: the same words refused twice are announced twice.
          key={announce ? submitCount : undefined}
          id={`${id}-error`}
          role={announce ? 'alert' : undefined}
          className="mt-1 text-sm font-medium text-red-700"
          data-field-error
        >
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled field: the label, the control `children` draws with the attributes given, then hint and error. */
export function FormField({
  name,
  label,
  required,
  hint,
  className,
  id,
  announce,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const field = useFormField(name, { id, hint });
  return (
    <div className={className}>
      <label htmlFor={field.id} className="block text-sm font-medium text-ink">
        {label}
        <RequiredMark required={required} />
      </label>
      {children(field.control)}
      <FieldMessages
        id={field.id}
        hint={hint}
        error={field.error}
        announce={announce}
        submitCount={field.submitCount}
      />
    </div>
  );
}
