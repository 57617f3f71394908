/**
 * The wizard's step registry (documenso's pattern): each step's id, title and place. The fields of each
 * step come from the shared schema module, so the wizard and the server agree on where an answer lives.
 */
import { intakeStepFields, intakeStepTitles, type IntakeField } from '../../lib/forms/intake.schema.ts';

export const stepIds = ['company', 'marketing', 'bd', 'goals', 'documents'] as const;
export type StepId = (typeof stepIds)[number];

export const steps: Record<StepId, { title: string; stepIndex: number }> = {
  company: { title: intakeStepTitles[0], stepIndex: 0 },
  marketing: { title: intakeStepTitles[1], stepIndex: 1 },
  bd: { title: intakeStepTitles[2], stepIndex: 2 },
  goals: { title: intakeStepTitles[3], stepIndex: 3 },
  documents: { title: intakeStepTitles[4], stepIndex: 4 },
};

export const STEP_COUNT = stepIds.length;

/** The fields a step validates before Next lets the visitor on. */
export const fieldsOfStep = (index: number): IntakeField[] => [...(intakeStepFields[index] ?? [])];

/** The step that asks `field`. */
export const stepOfField = (field: string): number => {
  const index = intakeStepFields.findIndex((fields) => (fields as readonly string[]).includes(field));
  return index === -1 ? 0 : index;
};

/** The label of the button that moves on from step `index`: 'Next Section: Marketing Presence →'. */
export const nextLabel = (index: number): string => {
  const next = stepIds[index + 1];
  return next ? `Next Section: ${steps[next].title} →` : '';
};
