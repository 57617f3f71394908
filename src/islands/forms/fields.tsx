/**
 * Form controls shared by every form island (contact, short audit, intake wizard, the portal's forms). Each
 * reads its state from the surrounding react-hook-form `FormProvider` through `FormField` (FormField.tsx),
 * which ties its label, hint and error to the control and shows the schema's or the server's message.
 */
import type { ReactNode, RefObject } from 'react';
import { useFormContext } from 'react-hook-form';
import type { Option } from '../../lib/forms/audit-options.ts';
import { choiceClass, boxClass } from './choice-fields.tsx';
import { FieldMessages, FormField, inputClass, useFormField, type FieldProps } from './FormField.tsx';

export { CheckboxGroupField, RadioGroupField, YesNoField } from './choice-fields.tsx';

interface TextProps extends FieldProps {
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'password';
  autoComplete?: string;
  placeholder?: string;
  min?: string;
  max?: string;
  inputMode?: 'text' | 'numeric';
  autoCapitalize?: string;
  spellCheck?: boolean;
}

/** The attributes every one-control field gives its input, textarea or select besides the wrapper's. */
function useControl(name: string, required?: boolean) {
  const { register } = useFormContext();
  return { className: inputClass, 'aria-required': required || undefined, ...register(name) };
}

/** A one-line input. */
export function TextField({ name, label, required, hint, className, id, announce, type = 'text', ...rest }: TextProps) {
  const own = useControl(name, required);
  return (
    <FormField {...{ name, label, required, hint, className, id, announce }}>
      {(control) => <input type={type} {...control} {...rest} {...own} />}
    </FormField>
  );
}

/** A multi-line answer. */
export function TextAreaField({ rows = 4, ...field }: FieldProps & { rows?: number }) {
  const own = useControl(field.name, field.required);
  return <FormField {...field}>{(control) => <textarea rows={rows} {...control} {...own} />}</FormField>;
}

/** One choice from a drop-down; the empty first entry (`placeholder`, none when null) stands for "not chosen". */
export function SelectField({
  options,
  placeholder = 'Select…',
  ...field
}: FieldProps & { options: readonly Option[]; placeholder?: string | null }) {
  const own = useControl(field.name, field.required);
  return (
    <FormField {...field}>
      {(control) => (
        <select {...control} {...own}>
          {placeholder !== null && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A single yes/no box (e.g. the newsletter opt-in or "we have a website"). */
export function CheckboxField({
  name,
  label,
  hint,
  className,
}: Omit<FieldProps, 'required' | 'label'> & { label: ReactNode }) {
  const { register } = useFormContext();
  const { id, error, control } = useFormField(name, { hint });
  return (
    <div className={className}>
      <label htmlFor={id} className={choiceClass}>
        <input type="checkbox" className={boxClass} {...control} {...register(name)} />
        <span>{label}</span>
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** The required consent box, with its wording and a link to the privacy policy. */
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

/** The honeypot: hidden from people and assistive technology, filled in by bots. */
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
