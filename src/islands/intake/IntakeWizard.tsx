/**
 * The 5-step Lift Audit™ intake (docs/product.md, docs/decisions/0003, 0004, 0006 and 0017). One react-hook-form over
 * every step with the shared schema: Next checks the current step's fields, the step bar jumps anywhere, a
 * failed submit goes to the first step with an error. The answers are kept as a draft in the browser
 * (useIntakeDraft); a submit stores the answers, then uploads the documents (useSubmitThenUpload).
 */
import { reportFunnelStep } from './funnel.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { intakeDefaults, intakeSchema, type IntakeValues } from '../../lib/forms/intake.schema.ts';
import { stepOfField } from '../../lib/forms/intake-steps.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { Honeypot } from '../forms/fields.tsx';
import { Toasts } from '../forms/Toasts.tsx';
import { BottomBar } from './BottomBar.tsx';
import { DraftOffer } from './DraftOffer.tsx';
import { StepBar } from './StepBar.tsx';
import { nextLabel, STEP_COUNT, wizardSteps } from './steps.ts';
import { UploadFailures } from './UploadFailures.tsx';
import { useIntakeDraft } from './useIntakeDraft.ts';
import { useSubmitThenUpload } from './useSubmitThenUpload.ts';
import { buttonClass } from '../../lib/ui/button.ts';

interface Props {
  auditName: string;
  thankYouPath: string;
  bookingUrl: string;
}

function IntakeWizard({ auditName, thankYouPath, bookingUrl }: Props) {
  const form = useForm<IntakeValues>({
    resolver: zodResolver(intakeSchema) as never,
    defaultValues: intakeDefaults(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [step, setStep] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);

  const goTo = useCallback((index: number) => {
    moved.current = true;
    setStep(Math.max(0, Math.min(STEP_COUNT - 1, index)));
  }, []);

  const announceErrors = (errors: FieldErrors<IntakeValues>, at: number) => {
    const messages = Object.entries(errors)
      .filter(([field]) => stepOfField(field) === at)
      .map(([, error]) => error?.message)
      .filter(Boolean);
    setAnnouncement(
      `${messages.length} ${messages.length === 1 ? 'answer needs' : 'answers need'} your attention in ${wizardSteps[at]!.title}: ${messages.join('. ')}.`,
    );
  };

  const onInvalid = (errors: FieldErrors<IntakeValues>) => {
    const first = Math.min(...Object.keys(errors).map(stepOfField));
    if (!Number.isFinite(first)) return;
    goTo(first);
    announceErrors(errors, first);
  };

  const draft = useIntakeDraft(form, step, goTo);
  const submission = useSubmitThenUpload({
    form,
    honeypot,
    thankYouPath,
    onRefused: onInvalid,
    announce: setAnnouncement,
    onDone: () => {
      moved.current = false;
      setStep(0);
    },
  });

  // An answer that shows an error is checked again as soon as it changes, so a fixed answer clears at once.
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name && form.getFieldState(name as Path<IntakeValues>).error) void form.trigger(name as Path<IntakeValues>);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // Every move between steps puts focus on the new step's heading (docs/decisions/0017-intake-draft-and-step-validation.md), but not on page load.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const current = wizardSteps[step]!;
  // The funnel counts each step reached, once a visit (funnel.ts).
  useEffect(() => reportFunnelStep(current.id), [current.id]);

  /** Checks the current step's fields, and moves on when they pass. */
  const next = async () => {
    const fields = current.fields as Path<IntakeValues>[];
    if (await form.trigger(fields)) {
      setAnnouncement('');
      goTo(step + 1);
      return;
    }
    announceErrors(form.formState.errors, step);
    const first = fields.find((f) => form.getFieldState(f).error);
    if (first) form.setFocus(first);
  };

  const last = step === STEP_COUNT - 1;
  const errorSteps = new Set(Object.keys(form.formState.errors).map(stepOfField));
  const { Component } = current;

  return (
    <FormProvider {...form}>
      <Toasts />
      {draft.offer && <DraftOffer savedAt={draft.offer.savedAt} onResume={draft.resume} onDiscard={draft.discard} />}
      <StepBar step={step} errorSteps={errorSteps} onJump={goTo} />

      <form
        id="intake-wizard"
        noValidate
        aria-labelledby="intake-step-heading"
        onSubmit={form.handleSubmit(submission.submit, onInvalid)}
        className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <p className="text-sm font-medium text-slate-600">
          Step {step + 1} of {STEP_COUNT}
        </p>
        <h2
          id="intake-step-heading"
          ref={heading}
          tabIndex={-1}
          className="mt-1 text-2xl font-bold text-ink focus:outline-none"
        >
          {current.title}
        </h2>
        <div className="mt-6 space-y-6">
          <Component files={submission.files} onFilesChange={submission.setFiles} busy={submission.busy} />
        </div>
        <Honeypot inputRef={honeypot} />

        {submission.phase === 'uploads-failed' && (
          <UploadFailures auditName={auditName} onRetry={submission.retry} onContinue={submission.continueWithout} />
        )}

        <div className="mt-8 flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-6">
          <button
            type="button"
            onClick={() => goTo(step - 1)}
            disabled={step === 0 || submission.busy}
            className="rounded-md px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            ← Previous
          </button>
          {!last && (
            <button type="button" onClick={() => void next()} className={buttonClass()}>
              {nextLabel(step)}
            </button>
          )}
        </div>
      </form>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <BottomBar
        auditName={auditName}
        bookingUrl={bookingUrl}
        last={last}
        phase={submission.phase}
        busy={submission.busy}
        onNext={() => void next()}
      />
    </FormProvider>
  );
}

export default withErrorBoundary(IntakeWizard);
