/**
 * The intake's draft in the browser (docs/decisions/0017-intake-draft-and-step-validation.md): answers are saved as the visitor types, offered back
 * on return, and cleared after a successful submit. Chosen documents are not kept (files cannot be).
 */
import type { IntakeValues } from '../../lib/forms/intake.schema.ts';

/** Versioned, so a change of the form's shape never feeds old answers into new fields. */
export const DRAFT_KEY = 'bolesta:intake-draft:v1';

export interface Draft {
  values: IntakeValues;
  step: number;
  savedAt: number;
}

/** The saved draft, or null when there is none (or storage is blocked or holds something else). */
export function loadDraft(): Draft | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<Draft>;
    if (!draft || typeof draft.values !== 'object' || typeof draft.savedAt !== 'number') return null;
    return { values: draft.values as IntakeValues, step: Number(draft.step) || 0, savedAt: draft.savedAt };
  } catch {
    return null;
  }
}

export function saveDraft(values: IntakeValues, step: number): void {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ values, step, savedAt: Date.now() } satisfies Draft));
  } catch {
    // Storage full or blocked (private mode): the form still works, only without a draft.
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // As above.
  }
}

/** Whether the visitor has typed anything worth offering back. */
export const hasAnswers = (values: Partial<IntakeValues>): boolean =>
  Object.entries(values).some(([key, value]) =>
    key === 'consent'
      ? false
      : Array.isArray(value)
        ? value.length > 0
        : typeof value === 'string' && value.trim() !== '',
  );
