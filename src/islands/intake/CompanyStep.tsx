/** Step 1, Company Profile: who the lead is (decision 3), then the company. */
import { intakeOptions as o } from '../../lib/forms/audit-options.ts';
import { intakeLabels as l } from '../../lib/forms/intake.schema.ts';
import { AddressFields } from '../forms/AddressFields.tsx';
import { CheckboxGroupField, RadioGroupField, SelectField, TextField } from '../forms/fields.tsx';
import { StepSection } from './StepSection.tsx';
import { useShown } from './useShown.ts';

export function CompanyStep() {
  const shown = useShown();
  return (
    <>
      <StepSection title="About you">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="fullName" label={l.fullName} required autoComplete="name" />
          <TextField name="workEmail" label={l.workEmail} type="email" required autoComplete="email" />
          <TextField name="phone" label={l.phone} type="tel" autoComplete="tel" />
          <TextField name="jobTitle" label={l.jobTitle} autoComplete="organization-title" />
        </div>
      </StepSection>
      <StepSection title="Your company">
        <TextField name="companyName" label={l.companyName} required autoComplete="organization" />
        <AddressFields labels={l} />
        <SelectField name="serviceType" label={l.serviceType} required options={o.serviceType} />
        {shown('otherServiceType') && <TextField name="otherServiceType" label={l.otherServiceType} required />}
        <TextField name="location" label={l.location} required placeholder="e.g. Boston, USA" />
        <CheckboxGroupField name="regions" label={l.regions} options={o.regions} columns={3} />
        {shown('otherRegion') && <TextField name="otherRegion" label={l.otherRegion} required />}
        <RadioGroupField name="stageOfGrowth" label={l.stageOfGrowth} required options={o.stageOfGrowth} />
      </StepSection>
    </>
  );
}
