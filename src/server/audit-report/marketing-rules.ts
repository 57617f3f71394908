/** The prefill rules of the Marketing Evaluation areas, for the 5-step intake (docs/audit-prefill-rules.md). */
import type { AuditSubmission } from '../../db/schema.ts';
import { because, countOf, firstNumber, type Rule } from './rule.ts';

const YEAR_MS = 365.25 * 24 * 3_600_000;

/** How often a free-text LinkedIn answer says the company posts, or null when the words are not recognised. */
export function postingCadence(text: string): 'weekly' | 'monthly' | 'rarely' | null {
  const t = text.toLowerCase();
  if (/daily|every day|each day|weekly|every week|a week|per week|\/ ?week|\bweek(s)?\b.*\d|\d.*\bweek/.test(t)) {
    return /every (two|2|other) weeks|bi-?weekly|fortnight/.test(t) ? 'monthly' : 'weekly';
  }
  if (/bi-?weekly|fortnight|every (two|2|other) weeks|monthly|every month|a month|per month|\/ ?month/.test(t)) {
    return 'monthly';
  }
  if (/quarter|rare|seldom|occasional|sporadic|never|hardly|not (often|really|much)|inactive|year|annual/.test(t)) {
    return 'rarely';
  }
  return null;
}

const assets = (row: AuditSubmission) => row.marketingAssets;

export const marketingRules: Rule[] = [
  {
    name: 'no-website',
    area: 'website',
    form: 'intake',
    read: (row) =>
      row.hasWebsite
        ? null
        : {
            set: 0,
            reasons: [because(row, 'hasWebsite', 'No website: sponsors and investors cannot check the company out.')],
          },
  },
  {
    name: 'website-age',
    area: 'website',
    form: 'intake',
    read: (row) => {
      if (!row.hasWebsite) return null;
      const updated = Date.parse(row.lastWebsiteUpdate);
      if (Number.isNaN(updated)) {
        return {
          delta: 0,
          reasons: [because(row, 'lastWebsiteUpdate', 'Last update unknown: check the site by hand.')],
        };
      }
      const years = (row.createdAt.getTime() - updated) / YEAR_MS;
      if (years > 3) {
        return { delta: -2, reasons: [because(row, 'lastWebsiteUpdate', 'Not updated for over three years.')] };
      }
      if (years <= 1)
        return { delta: 1, reasons: [because(row, 'lastWebsiteUpdate', 'Updated within the last year.')] };
      return { delta: 0, reasons: [because(row, 'lastWebsiteUpdate', 'Updated in the last three years.')] };
    },
  },
  {
    name: 'no-linkedin',
    area: 'linkedin',
    form: 'intake',
    read: (row) =>
      row.hasLinkedin ? null : { set: 0, reasons: [because(row, 'hasLinkedIn', 'No LinkedIn company page.')] },
  },
  {
    name: 'linkedin-cadence',
    area: 'linkedin',
    form: 'intake',
    read: (row) => {
      if (!row.hasLinkedin) return null;
      const cadence = postingCadence(row.linkedinFrequency);
      const effect = {
        weekly: { delta: 1, note: 'Posts weekly or more often.' },
        monthly: { delta: 0, note: 'Posts about monthly.' },
        rarely: { delta: -2, note: 'Posts less than monthly.' },
        unknown: { delta: 0, note: 'Posting frequency not recognised: check the page by hand.' },
      }[cadence ?? 'unknown'];
      return { delta: effect.delta, reasons: [because(row, 'linkedInFrequency', effect.note)] };
    },
  },
  {
    name: 'sales-collateral',
    area: 'collateral',
    form: 'intake',
    read: (row) => {
      const n = countOf(assets(row), ['brochures', 'presentations', 'datasheets', 'caseStudies', 'videos']);
      const [delta, note] =
        n === 0
          ? [-2, 'No brochures, presentations, datasheets, case studies or videos.']
          : n >= 3
            ? [1, `${n} kinds of sales collateral.`]
            : [0, `${n} kind(s) of sales collateral.`];
      return { delta, reasons: [because(row, 'marketingAssets', note)] };
    },
  },
  {
    name: 'pitch-deck-goal',
    area: 'collateral',
    form: 'intake',
    read: (row) =>
      row.commercialGoals.includes('pitchDeck')
        ? { delta: -1, reasons: [because(row, 'commercialGoals', 'Wants a better pitch deck.')] }
        : null,
  },
  {
    name: 'events-attended',
    area: 'events',
    form: 'intake',
    read: (row) => {
      const n = firstNumber(row.eventsAttendedPerYear);
      if (n === null)
        return { delta: -1, reasons: [because(row, 'eventsAttendedPerYear', 'No events attended named.')] };
      const [delta, note] =
        n === 0
          ? [-1, 'Attends no events.']
          : n >= 3
            ? [1, `Attends about ${n} events a year.`]
            : [0, `Attends about ${n} event(s) a year.`];
      return { delta, reasons: [because(row, 'eventsAttendedPerYear', note)] };
    },
  },
  {
    name: 'events-exhibited',
    area: 'events',
    form: 'intake',
    read: (row) => {
      const n = firstNumber(row.eventsExhibitedPerYear) ?? 0;
      return n > 0
        ? { delta: 1, reasons: [because(row, 'eventsExhibitedPerYear', `Exhibits at about ${n} event(s) a year.`)] }
        : { delta: -1, reasons: [because(row, 'eventsExhibitedPerYear', 'Does not exhibit.')] };
    },
  },
  {
    name: 'hosted-events',
    area: 'events',
    form: 'intake',
    read: (row) => {
      const n = row.heldOpenHouse.filter((kind) => kind !== 'na').length;
      const [delta, note] =
        n === 0
          ? [-1, 'Hosts or sponsors no events.']
          : n >= 2
            ? [1, `Hosts ${n} kinds of events.`]
            : [0, 'Hosts one kind of event.'];
      return { delta, reasons: [because(row, 'heldOpenHouse', note)] };
    },
  },
  {
    name: 'thought-leadership-content',
    area: 'thoughtLeadership',
    form: 'intake',
    read: (row) => {
      const n = countOf(assets(row), ['whitePapers', 'blogPosts', 'webinars', 'socialMedia', 'emailCampaigns']);
      const [delta, note] =
        n === 0
          ? [-2, 'No white papers, blog posts, webinars, social or email content.']
          : n === 1
            ? [-1, 'One kind of expert content.']
            : n >= 3
              ? [1, `${n} kinds of expert content.`]
              : [0, '2 kinds of expert content.'];
      return { delta, reasons: [because(row, 'marketingAssets', note)] };
    },
  },
  {
    name: 'brand-story',
    area: 'thoughtLeadership',
    form: 'intake',
    read: (row) =>
      row.brandStory.trim() === ''
        ? { delta: -1, reasons: [because(row, 'brandStory', 'No brand story told.')] }
        : { delta: 0, reasons: [because(row, 'brandStory', 'Has a brand story to build on.')] },
  },
];
