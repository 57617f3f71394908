/**
 * The intake's questions by field name: each takes its label and options from the shared lists, so a step
 * only names what it asks. A follow-up (docs/product.md) shows, required, only while its condition holds.
 */
import type { ReactNode } from 'react';
import { intakeOptions } from '../../lib/forms/audit-options.ts';
import { intakeLabels as l, type IntakeField } from '../../lib/forms/intake.schema.ts';
import { CheckboxGroupField, RadioGroupField, YesNoField } from '../forms/choice-fields.tsx';
import { TextField } from '../forms/fields.tsx';
import { useShown } from './useShown.ts';

type OptionField = keyof typeof intakeOptions;

interface FollowUpProps {
  /** The text field a choice asks for when it is made ('Other', 'Yes', 'CRM'). */
  followUp?: IntakeField;
  placeholder?: string;
}

/** A required text field shown only while its condition holds. */
export function FollowUp({ followUp, placeholder }: FollowUpProps) {
  const shown = useShown();
  if (!followUp || !shown(followUp)) return null;
  return <TextField name={followUp} label={l[followUp]} required placeholder={placeholder} />;
}

/** A multi-select question ('Select all that apply'), with its follow-up. */
export function Choices({ name, columns, ...rest }: FollowUpProps & { name: OptionField; columns?: 2 | 3 }) {
  return (
    <>
      <CheckboxGroupField name={name} label={l[name]} options={intakeOptions[name]} columns={columns} />
      <FollowUp {...rest} />
    </>
  );
}

/** A question of one choice shown as radio buttons, with its follow-up. */
export function OneOf({ name, required, ...rest }: FollowUpProps & { name: OptionField; required?: boolean }) {
  return (
    <>
      <RadioGroupField name={name} label={l[name]} required={required} options={intakeOptions[name]} />
      <FollowUp {...rest} />
    </>
  );
}

/** A yes/no question about a page (website, LinkedIn) whose yes asks for its address and `children` beside it. */
export function PageQuestion({
  name,
  url,
  placeholder,
  children,
}: {
  name: IntakeField;
  url: IntakeField;
  placeholder: string;
  children: ReactNode;
}) {
  const shown = useShown();
  return (
    <>
      <YesNoField name={name} label={l[name]} />
      {shown(url) && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name={url} label={l[url]} type="url" required placeholder={placeholder} />
          {children}
        </div>
      )}
    </>
  );
}
