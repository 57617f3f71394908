/**
 * The wizard's submit: the answers are stored first, then the documents are uploaded with the returned
 * token, so a failed upload never loses the request; a retry after a failed upload sends only the documents.
 */
import { reportFunnelStep } from './funnel.ts';
import { useRef, useState, type RefObject } from 'react';
import type { FieldErrors, Path, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { AuditReply } from '../../features/leads/contract.ts';
import { track } from '../../lib/analytics.ts';
import { intakeDefaults, type IntakeValues } from '../../lib/forms/intake.schema.ts';
import { postJson, useSubmitMeta } from '../forms/submit.ts';
import { rememberVisitor } from '../../lib/booking-link.ts';
import { uploadAll, type ChosenFile } from './documents.ts';
import { clearDraft } from './draft.ts';

/** How long the success toast shows before the thank-you page replaces this one. */
const NAVIGATE_AFTER_MS = 1200;

export type Phase = 'editing' | 'submitting' | 'uploading' | 'uploads-failed';

interface Options {
  form: UseFormReturn<IntakeValues>;
  honeypot: RefObject<HTMLInputElement | null>;
  thankYouPath: string;
  /** The server refused answers: their messages are on the form already. */
  onRefused: (errors: FieldErrors<IntakeValues>) => void;
  announce: (text: string) => void;
  /** The submit is over and the form empty again. */
  onDone: () => void;
}

export function useSubmitThenUpload({ form, honeypot, thankYouPath, onRefused, announce, onDone }: Options) {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [phase, setPhase] = useState<Phase>('editing');
  const submission = useRef<{ id: string; token?: string } | null>(null);
  /** Documents of the stored submission that reached the server. */
  const uploaded = useRef(0);
  const { meta, renew } = useSubmitMeta();

  /** Ends a stored submit: `documents` is how many of its documents were stored. */
  const finish = (documents: number) => {
    toast.success("Audit intake form submitted successfully! We'll be in touch soon.");
    track('audit_submitted', { form: 'intake', documents });
    clearDraft();
    form.reset(intakeDefaults());
    setFiles([]);
    submission.current = null;
    renew();
    onDone();
    setPhase('editing');
    setTimeout(() => location.assign(thankYouPath), NAVIGATE_AFTER_MS);
  };

  const updateFile = (id: string, patch: Partial<ChosenFile>) =>
    setFiles((list) => list.map((f) => (f.id === id ? { ...f, ...patch } : f)));

  const upload = async () => {
    const { token } = submission.current ?? {};
    const pending = files.filter((f) => f.status !== 'done');
    const stored = files.length - pending.length;
    if (!pending.length) return finish(stored);
    if (!token) {
      // Stored, but no token: the server gives one only within two hours of the first submit (a repeat of an old
      // submit). The documents cannot be sent here any more: say so, and offer to go on without them.
      const late = 'This request was first sent over two hours ago: please email this document to us.';
      for (const f of pending) updateFile(f.id, { status: 'failed', error: late });
      setPhase('uploads-failed');
      announce('Your audit request was received, but its documents can no longer be attached here.');
      return;
    }
    setPhase('uploading');
    const { failed } = await uploadAll(files, token, updateFile);
    uploaded.current = files.length - failed.length;
    if (!failed.length) return finish(uploaded.current);
    setPhase('uploads-failed');
    const names = failed.map((f) => f.file.name).join(', ');
    announce(`Your audit request was received, but these documents did not upload: ${names}.`);
    toast.error(`Your audit request was received, but ${failed.length} document(s) did not upload: ${names}`);
  };

  const submit = async (values: IntakeValues) => {
    if (submission.current) return upload(); // stored already: only the documents are left
    setPhase('submitting');
    const result = await postJson<AuditReply>('/api/audits', {
      source: 'intake',
      ...values,
      website: honeypot.current?.value ?? '',
      ...meta(),
    });
    if (!result.ok) {
      setPhase('editing');
      toast.error(`Error submitting form: ${result.message}`);
      const fields = Object.entries(result.fields ?? {});
      for (const [field, message] of fields) form.setError(field as Path<IntakeValues>, { message });
      if (fields.length) onRefused(form.formState.errors);
      return;
    }
    submission.current = { id: result.data.id, token: result.data.uploadToken };
    rememberVisitor(values); // the booking links prefill them (src/lib/booking-link.ts)
    reportFunnelStep('submitted');
    clearDraft();
    await upload();
  };

  return {
    files,
    setFiles,
    phase,
    busy: phase === 'submitting' || phase === 'uploading',
    submit,
    retry: () => void upload(),
    continueWithout: () => finish(uploaded.current),
  };
}
