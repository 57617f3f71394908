/** Step 3, Business Development Setup: the team, how leads are tracked and found, and the tools. */
import { Choices, OneOf } from './questions.tsx';
import { StepSection } from './StepSection.tsx';

export function BdStep() {
  return (
    <>
      <StepSection title="Your BD team">
        <OneOf name="bdSetup" required />
      </StepSection>
      <StepSection title="Leads">
        <Choices name="leadTracking" followUp="crmSpecify" placeholder="e.g. HubSpot" />
        <Choices name="leadGeneration" followUp="otherLeadGeneration" />
      </StepSection>
      <StepSection title="Tools">
        <OneOf name="prospectingTools" followUp="prospectingToolsSpecify" placeholder="e.g. Apollo" />
        <OneOf name="outreachTools" followUp="outreachToolsSpecify" placeholder="e.g. Lemlist" />
      </StepSection>
    </>
  );
}
