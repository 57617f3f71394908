/**
 * The answer options of both audit forms (docs/product.md), each with the label people see. The wizard,
 * the contact page's short form, the staff mails and the portal all read them from here.
 */

/** One choice: the stored value and its label. */
export interface Option<V extends string = string> {
  value: V;
  label: string;
}

const options = <const V extends string>(pairs: readonly (readonly [V, string])[]): Option<V>[] =>
  pairs.map(([value, label]) => ({ value, label }));

/** The values of an option set, as the non-empty tuple `z.enum` takes. */
export const values = <V extends string>(set: readonly Option<V>[]) => set.map((o) => o.value) as [V, ...V[]];

/** The label of a stored value, or the value itself when the set does not know it. */
export const labelOf = (set: readonly Option[], value: string): string =>
  set.find((o) => o.value === value)?.label ?? value;

export const intakeOptions = {
  serviceType: options([
    ['cro', 'Contract Research Organization (CRO)'],
    ['cdmo', 'CDMO / CMO'],
    ['regulatory', 'Regulatory Consultancy'],
    ['tech', 'Technology / SaaS for Life Sciences'],
    ['biotech', 'Biotech'],
    ['other', 'Other'],
  ]),
  regions: options([
    ['northAmerica', 'North America'],
    ['europe', 'Europe'],
    ['asia', 'Asia'],
    ['southAmerica', 'South America'],
    ['other', 'Other'],
  ]),
  stageOfGrowth: options([
    ['solo', '<5 employees'],
    ['small', 'Small Team (5–20)'],
    ['mid', 'Mid-Sized (21–100)'],
    ['growth', 'Growth Stage / VC-Backed'],
    ['enterprise', 'Enterprise or Multinational'],
  ]),
  hasMarketingDept: options([
    ['yes', 'Yes'],
    ['no', 'No'],
    ['outsourced', 'Outsourced'],
  ]),
  heldOpenHouse: options([
    ['openHouse', 'Open House'],
    ['productLaunch', 'Product Launch'],
    ['symposium', 'Symposium'],
    ['seminar', 'Seminar'],
    ['networking', 'Networking Event'],
    ['panel', 'Panel Discussion'],
    ['lunchLearn', 'Lunch & Learn'],
    ['vipRoundtable', 'VIP Roundtable'],
    ['customerAppreciation', 'Customer Appreciation Event'],
    ['na', 'None of the above'],
  ]),
  marketingAssets: options([
    ['caseStudies', 'Case Studies'],
    ['whitePapers', 'White Papers'],
    ['brochures', 'Brochures'],
    ['videos', 'Videos'],
    ['presentations', 'Presentations'],
    ['datasheets', 'Datasheets'],
    ['infographics', 'Infographics'],
    ['blogPosts', 'Blog Posts'],
    ['socialMedia', 'Social Media Content'],
    ['emailCampaigns', 'Email Campaigns'],
    ['webinars', 'Webinars'],
    ['other', 'Other'],
  ]),
  paidAdvertising: options([
    ['yes', 'Yes'],
    ['no', 'No'],
    ['not-sure', 'Not sure'],
  ]),
  bdSetup: options([
    ['no-team', 'No dedicated BD team'],
    ['one-rep', 'One BD representative'],
    ['small-team', 'Small BD team (2–5 people)'],
    ['founder-led', 'Founder-led business development'],
    ['outsourced', 'Outsourced business development'],
  ]),
  leadTracking: options([
    ['crm', 'CRM'],
    ['spreadsheets', 'Spreadsheets'],
    ['email', 'Email'],
    ['noTracking', 'No formal tracking'],
  ]),
  leadGeneration: options([
    ['coldOutreach', 'Cold Outreach'],
    ['inbound', 'Inbound Marketing'],
    ['events', 'Events & Conferences'],
    ['depPartners', 'DEP / Partner Networks'],
    ['referrals', 'Referrals'],
    ['other', 'Other'],
  ]),
  prospectingTools: options([
    ['yes', 'Yes'],
    ['no', 'No'],
  ]),
  outreachTools: options([
    ['yes', 'Yes'],
    ['no', 'No'],
    ['not-sure', 'Not sure'],
  ]),
  commercialGoals: options([
    ['inboundLeads', 'Generate more inbound leads'],
    ['pitchDeck', 'Improve our pitch deck'],
    ['rfps', 'Win more RFPs'],
    ['branding', 'Strengthen our branding'],
    ['newService', 'Launch a new service'],
    ['investment', 'Attract investment'],
    ['hostWebinar', 'Host a webinar'],
    ['sponsorEvent', 'Sponsor an event'],
    ['participateEvents', 'Participate in more events'],
    ['other', 'Other'],
  ]),
  successLooksLike: options([
    ['actionablePlan', 'An actionable marketing plan'],
    ['leadGenStrategy', 'A lead generation strategy'],
    ['brandingGuidance', 'Branding and messaging guidance'],
    ['competitiveAnalysis', 'A competitive analysis'],
    ['digitalPresence', 'A stronger digital presence'],
    ['salesAlignment', 'Sales and marketing alignment'],
    ['roiMetrics', 'ROI metrics and tracking'],
    ['contentStrategy', 'A content strategy'],
    ['other', 'Other'],
  ]),
  hiringMarketing: options([
    ['yes', 'Yes'],
    ['no', 'No'],
    ['not-sure', 'Not sure'],
  ]),
} as const;

export const shortAuditOptions = {
  serviceType: options([
    ['cro', 'Contract Research Organization (CRO)'],
    ['cdmo', 'CDMO / CMO'],
    ['consultant', 'Consultant'],
    ['biotech', 'Biotech'],
    ['other', 'Other'],
  ]),
  marketingChannels: options([
    ['linkedin', 'LinkedIn'],
    ['website', 'Website'],
    ['email', 'Email'],
    ['webinars', 'Webinars'],
    ['other', 'Other'],
  ]),
  teamSize: options([
    ['none', 'No dedicated team'],
    ['1', '1'],
    ['2-5', '2-5'],
    ['6-10', '6-10'],
    ['10+', '10+'],
  ]),
  painPoints: options([
    ['lead_generation', 'Lead generation'],
    ['website_conversion', 'Website conversion'],
    ['messaging', 'Messaging'],
    ['us_market_entry', 'U.S. market entry'],
    ['content_creation', 'Content creation'],
    ['other', 'Other'],
  ]),
} as const;
