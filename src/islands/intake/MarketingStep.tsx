/** Step 2, Marketing Presence: team, website, LinkedIn, events, assets, advertising and brand story. */
import { intakeLabels as l, latestToday, WEBSITE_UPDATE_MIN } from '../../lib/forms/intake.schema.ts';
import { TextAreaField, TextField } from '../forms/fields.tsx';
import { Choices, OneOf, PageQuestion } from './questions.tsx';
import { StepSection } from './StepSection.tsx';

export function MarketingStep() {
  return (
    <>
      <StepSection title="Team">
        <OneOf name="hasMarketingDept" followUp="marketingDeptSize" placeholder="e.g. 3 people" />
      </StepSection>
      <StepSection title="Website and LinkedIn">
        <PageQuestion name="hasWebsite" url="currentWebsiteUrl" placeholder="https://">
          <TextField
            name="lastWebsiteUpdate"
            label={l.lastWebsiteUpdate}
            type="date"
            min={WEBSITE_UPDATE_MIN}
            max={latestToday()}
          />
        </PageQuestion>
        <PageQuestion name="hasLinkedIn" url="linkedInUrl" placeholder="https://www.linkedin.com/company/…">
          <TextField name="linkedInFrequency" label={l.linkedInFrequency} placeholder="e.g. twice a week" />
        </PageQuestion>
      </StepSection>
      <StepSection title="Events">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="eventsAttendedPerYear" label={l.eventsAttendedPerYear} />
          <TextField name="eventsExhibitedPerYear" label={l.eventsExhibitedPerYear} />
        </div>
        <Choices name="heldOpenHouse" />
      </StepSection>
      <StepSection title="Assets and advertising">
        <Choices name="marketingAssets" columns={3} followUp="otherMarketingAsset" />
        <OneOf name="paidAdvertising" followUp="adPlatforms" placeholder="e.g. LinkedIn Ads, Google Ads" />
        <TextAreaField
          name="brandStory"
          label={l.brandStory}
          hint="In a few sentences: who you are and why clients choose you."
        />
      </StepSection>
    </>
  );
}
