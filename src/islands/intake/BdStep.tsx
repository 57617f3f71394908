/** Step 3, Business Development Setup: the team, how leads are tracked and found, and the tools. */
import { intakeOptions as o } from '../../lib/forms/audit-options.ts';
import { intakeLabels as l } from '../../lib/forms/intake.schema.ts';
import { CheckboxGroupField, RadioGroupField, TextField } from '../forms/fields.tsx';
import { StepSection } from './StepSection.tsx';
import { useShown } from './useShown.ts';

export function BdStep() {
  const shown = useShown();
  return (
    <>
      <StepSection title="Your BD team">
        <RadioGroupField name="bdSetup" label={l.bdSetup} required options={o.bdSetup} />
      </StepSection>
      <StepSection title="Leads">
        <CheckboxGroupField name="leadTracking" label={l.leadTracking} options={o.leadTracking} />
        {shown('crmSpecify') && (
          <TextField name="crmSpecify" label={l.crmSpecify} required placeholder="e.g. HubSpot" />
        )}
        <CheckboxGroupField name="leadGeneration" label={l.leadGeneration} options={o.leadGeneration} />
        {shown('otherLeadGeneration') && (
          <TextField name="otherLeadGeneration" label={l.otherLeadGeneration} required />
        )}
      </StepSection>
      <StepSection title="Tools">
        <RadioGroupField name="prospectingTools" label={l.prospectingTools} options={o.prospectingTools} />
        {shown('prospectingToolsSpecify') && (
          <TextField
            name="prospectingToolsSpecify"
            label={l.prospectingToolsSpecify}
            required
            placeholder="e.g. Apollo"
          />
        )}
        <RadioGroupField name="outreachTools" label={l.outreachTools} options={o.outreachTools} />
        {shown('outreachToolsSpecify') && (
          <TextField name="outreachToolsSpecify" label={l.outreachToolsSpecify} required placeholder="e.g. Lemlist" />
        )}
      </StepSection>
    </>
  );
}
