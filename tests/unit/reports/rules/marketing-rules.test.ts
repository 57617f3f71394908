// The prefill rules of the Marketing Evaluation areas, one test each (docs/audit-prefill-rules.md).
import { describe, expect, it } from 'vitest';
import { postingCadence } from '../../../../src/features/reports/rules/marketing-rules.ts';
import { deltasOf, finding } from './finding.ts';
import { intake } from './rows.ts';

describe('marketing rules', () => {
  it('no-website: no website sets the website area to 0', () => {
    expect(finding('no-website', intake({ hasWebsite: false }))).toMatchObject({ set: 0 });
    expect(finding('no-website', intake({ hasWebsite: true }))).toBeNull();
  });

  it('website-age: over three years before the submission −2, within a year +1, unknown 0', () => {
    const site = (lastWebsiteUpdate: string) => intake({ hasWebsite: true, lastWebsiteUpdate });
    expect(finding('website-age', site('2023-05-01'))).toMatchObject({
      delta: -2,
      notes: ['Not updated for over three years.'],
    });
    expect(finding('website-age', site('2023-07-01'))).toMatchObject({ delta: 0 });
    expect(finding('website-age', site('2025-12-01'))).toMatchObject({ delta: 1 });
    expect(finding('website-age', site(''))).toMatchObject({ delta: 0, notes: [expect.stringMatching(/unknown/)] });
    expect(finding('website-age', intake({ hasWebsite: false }))).toBeNull();
  });

  it('no-linkedin: no company page sets the LinkedIn area to 0', () => {
    expect(finding('no-linkedin', intake({ hasLinkedin: false }))).toMatchObject({ set: 0 });
    expect(finding('no-linkedin', intake({ hasLinkedin: true }))).toBeNull();
  });

  it('linkedin-cadence: weekly +1, monthly 0, less than monthly −2, words it cannot read 0', () => {
    const posting = (linkedinFrequency: string) =>
      finding('linkedin-cadence', intake({ hasLinkedin: true, linkedinFrequency }));
    expect(posting('2-3 times a week')).toMatchObject({ delta: 1 });
    expect(posting('Monthly')).toMatchObject({ delta: 0 });
    expect(posting('quarterly at best')).toMatchObject({ delta: -2, notes: ['Posts less than monthly.'] });
    expect(posting('when we remember')).toMatchObject({ delta: 0, notes: [expect.stringMatching(/not recognised/)] });
    expect(postingCadence('daily')).toBe('weekly');
    expect(postingCadence('every two weeks')).toBe('monthly');
    expect(postingCadence('biweekly')).toBe('monthly');
    expect(postingCadence('never')).toBe('rarely');
    expect(postingCadence('')).toBeNull();
  });

  it('sales-collateral: none −2, one or two kinds 0, three or more +1', () => {
    const answers = [['whitePapers'], ['brochures', 'datasheets'], ['brochures', 'datasheets', 'caseStudies']];
    expect(deltasOf('sales-collateral', 'marketingAssets', answers)).toEqual([-2, 0, 1]);
  });

  it('pitch-deck-goal: wanting a better pitch deck −1', () => {
    expect(finding('pitch-deck-goal', intake({ commercialGoals: ['pitchDeck'] }))).toMatchObject({ delta: -1 });
    expect(finding('pitch-deck-goal', intake({ commercialGoals: ['rfps'] }))).toBeNull();
  });

  it('events-attended: none or unanswered −1, three or more a year +1', () => {
    expect(deltasOf('events-attended', 'eventsAttendedPerYear', ['', 'none', 'about 2', '5-6'])).toEqual([
      -1, -1, 0, 1,
    ]);
  });

  it('events-exhibited: exhibiting at all +1, never −1', () => {
    expect(finding('events-exhibited', intake({ eventsExhibitedPerYear: '1' }))).toMatchObject({ delta: 1 });
    expect(finding('events-exhibited', intake({ eventsExhibitedPerYear: '0' }))).toMatchObject({ delta: -1 });
  });

  it('hosted-events: none (or "none of the above") −1, two kinds or more +1', () => {
    expect(finding('hosted-events', intake({ heldOpenHouse: ['na'] }))).toMatchObject({ delta: -1 });
    expect(finding('hosted-events', intake({ heldOpenHouse: ['seminar'] }))).toMatchObject({ delta: 0 });
    expect(finding('hosted-events', intake({ heldOpenHouse: ['seminar', 'panel'] }))).toMatchObject({ delta: 1 });
  });

  it('thought-leadership-content: none −2, one kind −1, three or more +1', () => {
    const answers = [[], ['blogPosts'], ['blogPosts', 'webinars'], ['blogPosts', 'webinars', 'whitePapers']];
    expect(deltasOf('thought-leadership-content', 'marketingAssets', answers)).toEqual([-2, -1, 0, 1]);
  });

  it('brand-story: none told −1', () => {
    expect(finding('brand-story', intake({ brandStory: ' ' }))).toMatchObject({ delta: -1 });
    expect(finding('brand-story', intake({ brandStory: 'Chemists first.' }))).toMatchObject({ delta: 0 });
  });
});
