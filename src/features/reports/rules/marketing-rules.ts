/** The prefill rules of the Marketing Evaluation areas, for the 5-step intake (docs/audit-prefill-rules.md). */
import type { AuditSubmission } from '../../../db/schema.ts';
import { because, countOf, either, firstNumber, scaled, type Rule } from './rule.ts';

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
      const unknown: [number, string] = [0, 'Last update unknown: check the site by hand.'];
      if (Number.isNaN(updated)) return either(row, 'lastWebsiteUpdate', true, unknown, null);
      return scaled(row, 'lastWebsiteUpdate', (row.createdAt.getTime() - updated) / YEAR_MS, [
        [1, 1, 'Updated within the last year.'],
        [3, 0, 'Updated in the last three years.'],
        [Infinity, -2, 'Not updated for over three years.'],
      ]);
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
    read: (row) =>
      scaled(
        row,
        'marketingAssets',
        countOf(assets(row), ['brochures', 'presentations', 'datasheets', 'caseStudies', 'videos']),
        [
          [0, -2, 'No brochures, presentations, datasheets, case studies or videos.'],
          [2, 0, (n) => `${n} kind(s) of sales collateral.`],
          [Infinity, 1, (n) => `${n} kinds of sales collateral.`],
        ],
      ),
  },
  {
    name: 'pitch-deck-goal',
    area: 'collateral',
    form: 'intake',
    read: (row) =>
      either(
        row,
        'commercialGoals',
        row.commercialGoals.includes('pitchDeck'),
        [-1, 'Wants a better pitch deck.'],
        null,
      ),
  },
  {
    name: 'events-attended',
    area: 'events',
    form: 'intake',
    read: (row) => {
      const n = firstNumber(row.eventsAttendedPerYear);
      if (n === null) return either(row, 'eventsAttendedPerYear', true, [-1, 'No events attended named.'], null);
      return scaled(row, 'eventsAttendedPerYear', n, [
        [0, -1, 'Attends no events.'],
        [2, 0, (k) => `Attends about ${k} event(s) a year.`],
        [Infinity, 1, (k) => `Attends about ${k} events a year.`],
      ]);
    },
  },
  {
    name: 'events-exhibited',
    area: 'events',
    form: 'intake',
    read: (row) =>
      scaled(row, 'eventsExhibitedPerYear', firstNumber(row.eventsExhibitedPerYear) ?? 0, [
        [0, -1, 'Does not exhibit.'],
        [Infinity, 1, (n) => `Exhibits at about ${n} event(s) a year.`],
      ]),
  },
  {
    name: 'hosted-events',
    area: 'events',
    form: 'intake',
    read: (row) =>
      scaled(row, 'heldOpenHouse', row.heldOpenHouse.filter((kind) => kind !== 'na').length, [
        [0, -1, 'Hosts or sponsors no events.'],
        [1, 0, 'Hosts one kind of event.'],
        [Infinity, 1, (n) => `Hosts ${n} kinds of events.`],
      ]),
  },
  {
    name: 'thought-leadership-content',
    area: 'thoughtLeadership',
    form: 'intake',
    read: (row) =>
      scaled(
        row,
        'marketingAssets',
        countOf(assets(row), ['whitePapers', 'blogPosts', 'webinars', 'socialMedia', 'emailCampaigns']),
        [
          [0, -2, 'No white papers, blog posts, webinars, social or email content.'],
          [1, -1, 'One kind of expert content.'],
          [2, 0, '2 kinds of expert content.'],
          [Infinity, 1, (n) => `${n} kinds of expert content.`],
        ],
      ),
  },
  {
    name: 'brand-story',
    area: 'thoughtLeadership',
    form: 'intake',
    read: (row) =>
      either(
        row,
        'brandStory',
        row.brandStory.trim() !== '',
        [0, 'Has a brand story to build on.'],
        [-1, 'No brand story told.'],
      ),
  },
];
