/**
 * The frame of a public form (contact, short audit, a resource's download): its toasts, the form with its fields, the consent box,
 * the honeypot and the submit button; and `usePublicSubmit`, which sends the answers with the spam-defence
 * fields and puts the server's per-field messages under their fields.
 */
import { useRef, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { PublicFormReply } from '../../features/leads/contract.ts';
import { rememberVisitor } from '../../lib/booking-link.ts';
import { ConsentField, Honeypot } from './fields.tsx';
import { postJson, useSubmitMeta, type SubmitResult } from './submit.ts';
import { SubmitButton } from './SubmitButton.tsx';
import { Toasts } from './Toasts.tsx';

export function usePublicSubmit<T extends FieldValues>(form: UseFormReturn<T>, url: string) {
  const { meta, renew } = useSubmitMeta();
  const honeypot = useRef<HTMLInputElement>(null);
  /** POSTs `answers` (the honeypot and the meta fields added); a refusal's field messages show under the fields. */
  const send = async (answers: object): Promise<SubmitResult<{ id: string }>> => {
    const result = await postJson<PublicFormReply>(url, {
      ...answers,
      website: honeypot.current?.value ?? '',
      ...meta(),
    });
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.fields ?? {})) form.setError(field as Path<T>, { message });
    } else rememberVisitor(answers); // the booking links prefill them (src/lib/booking-link.ts)
    return result;
  };
  return { honeypot, send, renew };
}

export function PublicForm<T extends FieldValues>({
  form,
  onSubmit,
  label,
  consentText,
  honeypot,
  submitLabel,
  children,
}: {
  form: UseFormReturn<T>;
  onSubmit: () => void;
  label: string;
  consentText: string;
  honeypot: ReturnType<typeof usePublicSubmit>['honeypot'];
  /** The submit button's words (SubmitButton's own by default). */
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <Toasts />
      <form onSubmit={onSubmit} noValidate aria-label={label} className="relative space-y-4">
        {children}
        <ConsentField text={consentText} />
        <Honeypot inputRef={honeypot} />
        <SubmitButton submitting={form.formState.isSubmitting} label={submitLabel} />
      </form>
    </FormProvider>
  );
}
