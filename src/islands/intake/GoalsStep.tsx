/** Step 4, Goals & Pain Points: what the company wants, what stands in the way, what success looks like. */
import { intakeOptions as o } from '../../lib/forms/audit-options.ts';
import { intakeLabels as l } from '../../lib/forms/intake.schema.ts';
import { CheckboxGroupField, RadioGroupField, TextAreaField, TextField } from '../forms/fields.tsx';
import { StepSection } from './StepSection.tsx';
import { useShown } from './useShown.ts';

export function GoalsStep() {
  const shown = useShown();
  return (
    <>
      <StepSection title="Goals">
        <CheckboxGroupField name="commercialGoals" label={l.commercialGoals} options={o.commercialGoals} />
        {shown('otherCommercialGoal') && (
          <TextField name="otherCommercialGoal" label={l.otherCommercialGoal} required />
        )}
        <TextAreaField name="biggestChallenge" label={l.biggestChallenge} />
        <CheckboxGroupField name="successLooksLike" label={l.successLooksLike} options={o.successLooksLike} />
        {shown('otherSuccessLooksLike') && (
          <TextField name="otherSuccessLooksLike" label={l.otherSuccessLooksLike} required />
        )}
      </StepSection>
      <StepSection title="Resources and competition">
        <RadioGroupField name="hiringMarketing" label={l.hiringMarketing} options={o.hiringMarketing} />
        {shown('hiringMarketingCount') && (
          <TextField name="hiringMarketingCount" label={l.hiringMarketingCount} required />
        )}
        <TextField name="marketingSpending" label={l.marketingSpending} placeholder="e.g. $50k a year" />
        <TextAreaField name="primaryCompetitors" label={l.primaryCompetitors} rows={3} />
      </StepSection>
    </>
  );
}
