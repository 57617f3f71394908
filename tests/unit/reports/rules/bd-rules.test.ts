// The prefill rules of the Business Development Review areas and of the short form, one test each
// (docs/audit-prefill-rules.md).
import { describe, expect, it } from 'vitest';
import { deltasOf, finding } from './finding.ts';
import { intake, shortForm } from './rows.ts';

describe('business development rules', () => {
  it('lead-channels: none −2, one −1, three or more +1', () => {
    const answers = [[], ['events'], ['events', 'inbound'], ['events', 'inbound', 'coldOutreach']];
    expect(deltasOf('lead-channels', 'leadGeneration', answers)).toEqual([-2, -1, 0, 1]);
  });

  it('referrals-only: leads from referrals alone −1 more', () => {
    expect(finding('referrals-only', intake({ leadGeneration: ['referrals'] }))).toMatchObject({ delta: -1 });
    expect(finding('referrals-only', intake({ leadGeneration: ['referrals', 'events'] }))).toBeNull();
  });

  it('paid-advertising: running ads +1', () => {
    expect(finding('paid-advertising', intake({ paidAdvertising: 'yes' }))).toMatchObject({ delta: 1 });
    expect(finding('paid-advertising', intake({ paidAdvertising: 'no' }))).toBeNull();
  });

  it('lead-tracking: a CRM sets 4, spreadsheets or email 2, no tracking 1', () => {
    const tracking = (leadTracking: string[]) => finding('lead-tracking', intake({ leadTracking }));
    expect(tracking(['crm', 'spreadsheets'])).toMatchObject({ set: 4 });
    expect(tracking(['spreadsheets'])).toMatchObject({ set: 2 });
    expect(tracking(['noTracking'])).toMatchObject({ set: 1, notes: ['Leads are not tracked.'] });
    expect(tracking([])).toMatchObject({ set: 1 });
  });

  it('crm-named: a CRM named +1', () => {
    expect(finding('crm-named', intake({ leadTracking: ['crm'], crmSpecify: 'HubSpot' }))).toMatchObject({ delta: 1 });
    expect(finding('crm-named', intake({ leadTracking: ['crm'] }))).toBeNull();
  });

  it('outreach-tools: none −2, not sure −1, yes +1', () => {
    const tools = (outreachTools: string) => finding('outreach-tools', intake({ outreachTools }));
    expect(tools('no')).toMatchObject({ delta: -2, notes: ['No outreach tools.'] });
    expect(tools('not-sure')).toMatchObject({ delta: -1 });
    expect(tools('yes')).toMatchObject({ delta: 1 });
  });

  it('cold-outreach: no cold outreach −1', () => {
    expect(finding('cold-outreach', intake({ leadGeneration: ['events'] }))).toMatchObject({ delta: -1 });
    expect(finding('cold-outreach', intake({ leadGeneration: ['coldOutreach'] }))).toMatchObject({ delta: 0 });
  });

  it('prospecting-tools: none −1, yes +1', () => {
    expect(finding('prospecting-tools', intake({ prospectingTools: 'no' }))).toMatchObject({ delta: -1 });
    expect(finding('prospecting-tools', intake({ prospectingTools: 'yes' }))).toMatchObject({ delta: 1 });
  });

  it('bd-crm: a BD team without a CRM −1', () => {
    expect(finding('bd-crm', intake({ leadTracking: ['email'] }))).toMatchObject({ delta: -1 });
    expect(finding('bd-crm', intake({ leadTracking: ['crm'] }))).toMatchObject({ delta: 0 });
  });

  it('bd-staff: no BD staff sets 1, founder-led 2, one rep or outsourced 3, a team 4', () => {
    const setup = (bdSetup: string) => finding('bd-staff', intake({ bdSetup }))?.set;
    expect(['no-team', 'founder-led', 'one-rep', 'outsourced', 'small-team'].map(setup)).toEqual([1, 2, 3, 3, 4]);
    expect(finding('bd-staff', intake({ bdSetup: '' }))).toBeNull();
    expect(finding('bd-staff', intake({ bdSetup: '__proto__' }))).toBeNull();
    expect(finding('bd-staff', intake({ bdSetup: 'toString' }))).toBeNull();
  });

  it('marketing-team: a marketing department +1, none −1', () => {
    expect(finding('marketing-team', intake({ hasMarketingDept: 'yes' }))).toMatchObject({ delta: 1 });
    expect(finding('marketing-team', intake({ hasMarketingDept: 'no' }))).toMatchObject({ delta: -1 });
    expect(finding('marketing-team', intake({ hasMarketingDept: 'outsourced' }))).toMatchObject({ delta: 0 });
  });
});

describe('short form rules', () => {
  it('short-website: a website that does not convert, or is not a channel, −1', () => {
    expect(finding('short-website', shortForm({ painPoints: ['website_conversion'] }))).toMatchObject({ delta: -1 });
    expect(finding('short-website', shortForm({ marketingChannels: ['website'] }))).toMatchObject({ delta: 0 });
    expect(finding('short-website', shortForm())).toMatchObject({ delta: -1 });
  });

  it('short-linkedin: not marketing on LinkedIn sets 1', () => {
    expect(finding('short-linkedin', shortForm())).toMatchObject({ set: 1 });
    expect(finding('short-linkedin', shortForm({ marketingChannels: ['linkedin'] }))).toMatchObject({ delta: 0 });
  });

  it('short-content: content creation a pain point, or no webinars or email, −1', () => {
    expect(finding('short-content', shortForm({ painPoints: ['content_creation'] }))).toMatchObject({ delta: -1 });
    expect(finding('short-content', shortForm({ marketingChannels: ['webinars'] }))).toMatchObject({ delta: 0 });
    expect(finding('short-content', shortForm())).toMatchObject({ delta: -1 });
  });

  it('short-lead-generation: lead generation or messaging a pain point −1', () => {
    expect(finding('short-lead-generation', shortForm({ painPoints: ['messaging'] }))).toMatchObject({ delta: -1 });
    expect(finding('short-lead-generation', shortForm())).toBeNull();
  });

  it('short-team-size: no marketing team sets 1, up to 5 for more than ten', () => {
    const size = (teamSize: string) => finding('short-team-size', shortForm({ teamSize }))?.set;
    expect(['none', '1', '2-5', '6-10', '10+'].map(size)).toEqual([1, 2, 3, 4, 5]);
  });
});
