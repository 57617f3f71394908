/** Step 4, Goals & Pain Points: what the company wants, what stands in the way, what success looks like. */
import { intakeLabels as l } from '../../lib/forms/intake.schema.ts';
import { TextAreaField, TextField } from '../forms/fields.tsx';
import { Choices, OneOf } from './questions.tsx';
import { StepSection } from './StepSection.tsx';

export function GoalsStep() {
  return (
    <>
      <StepSection title="Goals">
        <Choices name="commercialGoals" followUp="otherCommercialGoal" />
        <TextAreaField name="biggestChallenge" label={l.biggestChallenge} />
        <Choices name="successLooksLike" followUp="otherSuccessLooksLike" />
      </StepSection>
      <StepSection title="Resources and competition">
        <OneOf name="hiringMarketing" followUp="hiringMarketingCount" />
        <TextField name="marketingSpending" label={l.marketingSpending} placeholder="e.g. $50k a year" />
        <TextAreaField name="primaryCompetitors" label={l.primaryCompetitors} rows={3} />
      </StepSection>
    </>
  );
}
