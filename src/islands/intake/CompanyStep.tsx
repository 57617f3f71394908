/** Step 1, Company Profile: who the lead is (docs/decisions/0003-audit-forms-ask-who-the-lead-is.md), then the company. */
import { intakeOptions as o } from '../../lib/forms/audit-options.ts';
import { intakeLabels as l } from '../../lib/forms/intake.schema.ts';
import { AddressFields } from '../forms/AddressFields.tsx';
import { SelectField, TextField } from '../forms/fields.tsx';
import { Choices, FollowUp, OneOf } from './questions.tsx';
import { StepSection } from './StepSection.tsx';

export function CompanyStep() {
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
        <FollowUp followUp="otherServiceType" />
        <TextField name="location" label={l.location} required placeholder="e.g. Boston, USA" />
        <Choices name="regions" columns={3} followUp="otherRegion" />
        <OneOf name="stageOfGrowth" required />
      </StepSection>
    </>
  );
}
