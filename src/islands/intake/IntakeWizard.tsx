/**
 * The 5-step Lift Audit™ intake (spec sections 2 to 5, decisions 3, 4, 6 and 17). One react-hook-form over
 * every step with the shared schema: Next checks the current step, the step bar jumps anywhere, a failed
 * submit goes to the first step with an error. The answers are kept as a draft in the browser. A submit
 * stores the answers first, then uploads the documents with the returned token, so a failed upload never
 * loses the request.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import { track } from '../../lib/analytics.ts';
import { consent } from '../../lib/forms/consent.ts';
import { intakeDefaults, intakeSchema, type IntakeValues } from '../../lib/forms/intake.schema.ts';
import { formatDateTime } from '../../lib/format.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ConsentField, Honeypot } from '../forms/fields.tsx';
import { postJson, useSubmitMeta } from '../forms/submit.ts';
import { Toasts } from '../forms/Toasts.tsx';
import { BdStep } from './BdStep.tsx';
import { CompanyStep } from './CompanyStep.tsx';
import { DocumentUploads } from './DocumentUploads.tsx';
import { uploadAll, type ChosenFile } from './documents.ts';
import { clearDraft, hasAnswers, loadDraft, saveDraft, type Draft } from './draft.ts';
import { GoalsStep } from './GoalsStep.tsx';
import { MarketingStep } from './MarketingStep.tsx';
import { fieldsOfStep, nextLabel, STEP_COUNT, stepIds, stepOfField, steps } from './steps.ts';

interface Props {
  auditName: string;
  thankYouPath: string;
  bookingUrl: string;
}

/** How long the success toast shows before the thank-you page replaces this one. */
const NAVIGATE_AFTER_MS = 1200;
/** Typing pauses this long before the draft is written. */
const DRAFT_DELAY_MS = 400;

type Phase = 'editing' | 'submitting' | 'uploading' | 'uploads-failed';

function IntakeWizard({ auditName, thankYouPath, bookingUrl }: Props) {
  const form = useForm<IntakeValues>({
    resolver: zodResolver(intakeSchema) as never,
    defaultValues: intakeDefaults(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [phase, setPhase] = useState<Phase>('editing');
  const [offer, setOffer] = useState<Draft | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const submission = useRef<{ id: string; token?: string } | null>(null);
  /** Documents of the stored submission that reached the server. */
  const uploaded = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const { meta, renew } = useSubmitMeta();
  const busy = phase === 'submitting' || phase === 'uploading';

  // A returning visitor is offered the draft; nothing is saved over it until they choose.
  useEffect(() => {
    const draft = loadDraft();
    if (draft && hasAnswers(draft.values)) setOffer(draft);
  }, []);

  useEffect(() => {
    if (offer) return;
    const save = () => {
      const values = form.getValues();
      if (hasAnswers(values)) saveDraft(values, step);
    };
    save(); // a move to another step is worth keeping at once
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(save, DRAFT_DELAY_MS);
    });
    // Leaving or reloading within the typing pause still keeps the last answers.
    addEventListener('pagehide', save);
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
      removeEventListener('pagehide', save);
    };
  }, [form, offer, step]);

  // An answer that shows an error is checked again as soon as it changes, so a fixed answer clears at once.
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name && form.getFieldState(name as Path<IntakeValues>).error) void form.trigger(name as Path<IntakeValues>);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // Every move between steps puts focus on the new step's heading (decision 17), but not on page load.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

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
      `${messages.length} ${messages.length === 1 ? 'answer needs' : 'answers need'} your attention in ${steps[stepIds[at]!].title}: ${messages.join('. ')}.`,
    );
  };

  const next = async () => {
    const fields = fieldsOfStep(step) as Path<IntakeValues>[];
    if (await form.trigger(fields)) {
      setAnnouncement('');
      goTo(step + 1);
      return;
    }
    announceErrors(form.formState.errors, step);
    const first = fields.find((f) => form.getFieldState(f).error);
    if (first) form.setFocus(first);
  };

  const resume = () => {
    if (!offer) return;
    form.reset({ ...intakeDefaults(), ...offer.values });
    goTo(offer.step);
    setOffer(null);
  };
  const discard = () => {
    clearDraft();
    setOffer(null);
  };

  /** Ends a stored submit: `documents` is how many of its documents were stored. */
  const finish = (documents: number) => {
    toast.success("Audit intake form submitted successfully! We'll be in touch soon.");
    track('audit_submitted', { form: 'intake', documents });
    clearDraft();
    form.reset(intakeDefaults());
    setFiles([]);
    submission.current = null;
    renew();
    moved.current = false;
    setStep(0);
    setPhase('editing');
    setTimeout(() => location.assign(thankYouPath), NAVIGATE_AFTER_MS);
  };

  const updateFile = (id: string, patch: Partial<ChosenFile>) =>
    setFiles((list) => list.map((f) => (f.id === id ? { ...f, ...patch } : f)));

  const upload = async () => {
    const { token } = submission.current ?? {};
    const pending = files.filter((f) => f.status !== 'done');
    const stored = files.length - pending.length;
    if (!token || !pending.length) return finish(stored);
    setPhase('uploading');
    const { failed } = await uploadAll(files, token, updateFile);
    uploaded.current = files.length - failed.length;
    if (!failed.length) return finish(uploaded.current);
    setPhase('uploads-failed');
    const names = failed.map((f) => f.file.name).join(', ');
    setAnnouncement(`Your audit request was received, but these documents did not upload: ${names}.`);
    toast.error(`Your audit request was received, but ${failed.length} document(s) did not upload: ${names}`);
  };

  const onValid = async (values: IntakeValues) => {
    if (submission.current) return upload(); // stored already: only the documents are left
    setPhase('submitting');
    const result = await postJson<{ id: string; uploadToken?: string }>('/api/audits', {
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
      if (fields.length) onInvalid(form.formState.errors);
      return;
    }
    submission.current = { id: result.data.id, token: result.data.uploadToken };
    clearDraft();
    await upload();
  };

  const onInvalid = (errors: FieldErrors<IntakeValues>) => {
    const first = Math.min(...Object.keys(errors).map(stepOfField));
    if (!Number.isFinite(first)) return;
    goTo(first);
    announceErrors(errors, first);
  };

  const current = steps[stepIds[step]!];
  const last = step === STEP_COUNT - 1;
  const errorSteps = new Set(Object.keys(form.formState.errors).map(stepOfField));

  return (
    <FormProvider {...form}>
      <Toasts />
      {offer && (
        <div
          role="region"
          aria-label="Saved answers"
          className="mb-6 rounded-lg border border-brand-200 bg-brand-50 p-4"
        >
          <p className="text-ink">
            You have unfinished answers from {formatDateTime(new Date(offer.savedAt))}. Pick up where you left off?
            Documents need to be chosen again.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={resume}
              className="rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900"
            >
              Resume my answers
            </button>
            <button
              type="button"
              onClick={discard}
              className="rounded-md px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-white"
            >
              Start over
            </button>
          </div>
        </div>
      )}

      <nav aria-label="Intake steps" className="mb-8 hidden md:block">
        <ol className="grid grid-cols-5 gap-2">
          {stepIds.map((id, i) => (
            <li key={id}>
              <button
                type="button"
                onClick={() => goTo(i)}
                aria-current={i === step ? 'step' : undefined}
                className={`flex h-full w-full flex-col items-start rounded-md border-t-4 px-2 pt-2 pb-1 text-left text-sm ${
                  i === step
                    ? 'border-accent-500 font-semibold text-ink'
                    : i < step
                      ? 'border-brand-600 text-slate-700 hover:text-ink'
                      : 'border-slate-200 text-slate-600 hover:text-ink'
                }`}
              >
                <span className="text-xs tracking-wide text-slate-600 uppercase">Step {i + 1}</span>
                <span>{steps[id].title}</span>
                {errorSteps.has(i) && <span className="text-xs font-medium text-red-700">Needs attention</span>}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      <form
        id="intake-wizard"
        noValidate
        aria-labelledby="intake-step-heading"
        onSubmit={form.handleSubmit(onValid, onInvalid)}
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
          {step === 0 && <CompanyStep />}
          {step === 1 && <MarketingStep />}
          {step === 2 && <BdStep />}
          {step === 3 && <GoalsStep />}
          {step === 4 && (
            <>
              <p className="text-slate-700">
                Share anything that helps us understand your marketing today: pitch decks, brochures, case studies,
                capability statements. This step is optional.
              </p>
              <DocumentUploads files={files} onFilesChange={setFiles} disabled={busy} />
              <ConsentField text={consent.audit.text} />
            </>
          )}
        </div>
        <Honeypot inputRef={honeypot} />

        {phase === 'uploads-failed' && (
          <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">Your {auditName} request was received.</p>
            <p className="mt-1">
              Some documents could not be uploaded (see the reasons above). Try them again, remove them, or continue
              without them and email them to us later.
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button
                type="button"
                onClick={() => void upload()}
                className="rounded-md bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900"
              >
                Retry failed uploads
              </button>
              <button
                type="button"
                onClick={() => finish(uploaded.current)}
                className="rounded-md px-4 py-2 font-semibold text-red-900 ring-1 ring-red-300 hover:bg-white"
              >
                Continue without them
              </button>
            </div>
          </div>
        )}

        <div className="mt-8 flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-6">
          <button
            type="button"
            onClick={() => goTo(step - 1)}
            disabled={step === 0 || busy}
            className="rounded-md px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            ← Previous
          </button>
          {!last && (
            <button
              type="button"
              onClick={() => void next()}
              className="rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900"
            >
              {nextLabel(step)}
            </button>
          )}
        </div>
      </form>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-600 sm:max-w-md">
            Your information is used solely to generate your {auditName} and is never shared without your permission.
          </p>
          <div className="flex items-center gap-3">
            <a
              href={bookingUrl}
              target="_blank"
              rel="noopener"
              data-booking="strategyCall"
              className="text-sm font-semibold text-brand-700 underline"
            >
              Book a call<span className="sr-only"> (opens in a new tab)</span>
            </a>
            {last ? (
              <button
                type="submit"
                form="intake-wizard"
                disabled={busy}
                className="rounded-md bg-accent-500 px-5 py-2.5 font-semibold text-white hover:bg-accent-600 disabled:cursor-not-allowed disabled:opacity-70"
              >
                {phase === 'submitting'
                  ? 'Submitting...'
                  : phase === 'uploading'
                    ? 'Uploading documents...'
                    : 'Submit Inquiry'}
              </button>
            ) : (
              <button
                type="button"
                onClick={() => void next()}
                className="rounded-md bg-accent-500 px-5 py-2.5 font-semibold text-white hover:bg-accent-600"
              >
                Continue
              </button>
            )}
          </div>
        </div>
      </div>
    </FormProvider>
  );
}

export default withErrorBoundary(IntakeWizard);
