/**
 * The wizard's steps: the shared step list (id, title, fields) with the component that asks each step's
 * questions, so the wizard, Next's validation and the server's answer sections walk the same list.
 */
import type { ComponentType } from 'react';
import { intakeSteps, type IntakeStepId } from '../../lib/forms/intake-steps.ts';
import { BdStep } from './BdStep.tsx';
import { CompanyStep } from './CompanyStep.tsx';
import { DocumentsStep, type StepProps } from './DocumentsStep.tsx';
import { GoalsStep } from './GoalsStep.tsx';
import { MarketingStep } from './MarketingStep.tsx';

const components: Record<IntakeStepId, ComponentType<StepProps>> = {
  company: CompanyStep,
  marketing: MarketingStep,
  bd: BdStep,
  goals: GoalsStep,
  documents: DocumentsStep,
};

export const wizardSteps = intakeSteps.map((step) => ({ ...step, Component: components[step.id] }));

export const STEP_COUNT = wizardSteps.length;

/** The label of the button that moves on from step `index`: 'Next Section: Marketing Presence →'. */
export const nextLabel = (index: number): string => {
  const next = wizardSteps[index + 1];
  return next ? `Next Section: ${next.title} →` : '';
};
