/**
 * The wizard's draft in the browser (docs/decisions/0017-intake-draft-and-step-validation.md): a returning visitor is offered the saved answers, and
 * nothing is saved over them until they choose; after that the answers are saved as they are typed.
 */
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { intakeDefaults, type IntakeValues } from '../../lib/forms/intake.schema.ts';
import { clearDraft, hasAnswers, loadDraft, saveDraft, type Draft } from './draft.ts';

/** Typing pauses this long before the draft is written. */
const DRAFT_DELAY_MS = 400;

/** The draft on offer (or null), and the visitor's two answers to it. */
export function useIntakeDraft(form: UseFormReturn<IntakeValues>, step: number, goTo: (index: number) => void) {
  const [offer, setOffer] = useState<Draft | null>(null);

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
  return { offer, resume, discard };
}
