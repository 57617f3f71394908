/** Step 2, Marketing Presence: team, website, LinkedIn, events, assets, advertising and brand story. */
import { intakeOptions as o } from '../../lib/forms/audit-options.ts';
import { intakeLabels as l, WEBSITE_UPDATE_MIN } from '../../lib/forms/intake.schema.ts';
import { CheckboxGroupField, RadioGroupField, TextAreaField, TextField, YesNoField } from '../forms/fields.tsx';
import { StepSection } from './StepSection.tsx';
import { useShown } from './useShown.ts';

/** Today in the visitor's time zone, as the date input's `max`. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function MarketingStep() {
  const shown = useShown();
  return (
    <>
      <StepSection title="Team">
        <RadioGroupField name="hasMarketingDept" label={l.hasMarketingDept} options={o.hasMarketingDept} />
        {shown('marketingDeptSize') && (
          <TextField name="marketingDeptSize" label={l.marketingDeptSize} required placeholder="e.g. 3 people" />
        )}
      </StepSection>
      <StepSection title="Website and LinkedIn">
        <YesNoField name="hasWebsite" label={l.hasWebsite} />
        {shown('currentWebsiteUrl') && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="currentWebsiteUrl"
              label={l.currentWebsiteUrl}
              type="url"
              required
              placeholder="https://"
            />
            <TextField
              name="lastWebsiteUpdate"
              label={l.lastWebsiteUpdate}
              type="date"
              min={WEBSITE_UPDATE_MIN}
              max={today()}
            />
          </div>
        )}
        <YesNoField name="hasLinkedIn" label={l.hasLinkedIn} />
        {shown('linkedInUrl') && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="linkedInUrl"
              label={l.linkedInUrl}
              type="url"
              required
              placeholder="https://www.linkedin.com/company/…"
            />
            <TextField name="linkedInFrequency" label={l.linkedInFrequency} placeholder="e.g. twice a week" />
          </div>
        )}
      </StepSection>
      <StepSection title="Events">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="eventsAttendedPerYear" label={l.eventsAttendedPerYear} />
          <TextField name="eventsExhibitedPerYear" label={l.eventsExhibitedPerYear} />
        </div>
        <CheckboxGroupField name="heldOpenHouse" label={l.heldOpenHouse} options={o.heldOpenHouse} />
      </StepSection>
      <StepSection title="Assets and advertising">
        <CheckboxGroupField name="marketingAssets" label={l.marketingAssets} options={o.marketingAssets} columns={3} />
        {shown('otherMarketingAsset') && (
          <TextField name="otherMarketingAsset" label={l.otherMarketingAsset} required />
        )}
        <RadioGroupField name="paidAdvertising" label={l.paidAdvertising} options={o.paidAdvertising} />
        {shown('adPlatforms') && (
          <TextField name="adPlatforms" label={l.adPlatforms} required placeholder="e.g. LinkedIn Ads, Google Ads" />
        )}
        <TextAreaField
          name="brandStory"
          label={l.brandStory}
          hint="In a few sentences: who you are and why clients choose you."
        />
      </StepSection>
    </>
  );
}
