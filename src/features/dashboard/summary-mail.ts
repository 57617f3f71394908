/**
 * The weekly summary mail to each admin (weekly-summary.ts): last week's headline figures, each beside the week
 * before's, and a link to the Dashboard tab, in the style of src/server/mail/templates.ts.
 */
import { site } from '../../config/site.ts';
import { linkify, sectionMail, type Mail } from '../../server/mail/templates.ts';
import type { DashboardTotals } from './contract.ts';
import type { DashboardPeriod } from './period.ts';
import type { ClosedCard } from '../pipeline/contract.ts';
import { lostReasonLabels } from '../../lib/statuses.ts';

/** The portal's Dashboard tab. */
export const dashboardUrl = (): string => `${site.url}/admin?tab=dashboard`;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC', // the period's days are calendar days already
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** `Mon, Nov 2, 2026`: a `YYYY-MM-DD` day as the mail names it. */
const dayName = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));

const hoursText = (hours: number | null): string => (hours === null ? 'none yet' : `${hours} h`);
const shareText = (part: number, whole: number): string =>
  whole ? `${part} of ${whole} (${Math.round((part / whole) * 100)}%)` : `${part} of 0`;

/** One figure's rows: its label, last week's value and the week before's. */
type Figure = [label: string, value: (t: DashboardTotals) => string];

const figures: { title: string; rows: Figure[] }[] = [
  {
    title: 'Leads',
    rows: [
      ['New leads', (t) => String(t.leads)],
      ['Answered', (t) => shareText(t.answered, t.leads)],
      [
        'Answered within the 24-hour promise (of the leads it fell due for)',
        (t) => shareText(t.withinPromise, t.promiseDue),
      ],
      ['Median first response', (t) => hoursText(t.medianResponseHours)],
      ['90th percentile first response', (t) => hoursText(t.p90ResponseHours)],
    ],
  },
  {
    title: 'Lift Audits',
    rows: [
      ['Audits requested', (t) => String(t.auditsRequested)],
      ['Delivered within 72 hours', (t) => shareText(t.auditsWithin72h, t.auditsRequested)],
      ['Reports delivered', (t) => String(t.reportsDelivered)],
      ['Reports opened', (t) => shareText(t.reportsOpened, t.reportsDelivered)],
      ['Median time to first opening', (t) => hoursText(t.medianHoursToOpen)],
    ],
  },
  {
    title: 'Downloads',
    rows: [
      ['Files asked for', (t) => String(t.downloadsRequested)],
      ['Opened from the mailed link', (t) => shareText(t.downloadsOpened, t.downloadsRequested)],
      ['Most requested file', (t) => (t.topDownload ? `${t.topDownload.title} (${t.topDownload.requested})` : 'none')],
    ],
  },
  {
    // docs/decisions/0046-bookings-from-the-schedulers.md: the calls booked that week, and how they stand now.
    title: 'Calls',
    rows: [
      ['Calls booked', (t) => String(t.callsBooked)],
      ['Held', (t) => shareText(t.callsHeld, t.callsBooked)],
      ['No-shows', (t) => shareText(t.callsNoShow, t.callsBooked)],
      ['Cancelled', (t) => shareText(t.callsCancelled, t.callsBooked)],
    ],
  },
];

export interface SummaryMailData {
  to: string;
  week: DashboardPeriod;
  totals: DashboardTotals;
  /** The same figures of the week before. */
  before: DashboardTotals;
  /** The deals won and lost in the week, latest first (docs/decisions/0047-pipeline.md). */
  deals?: ClosedCard[];
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** The week's won and lost deals, each named with its value (an erased person's unnamed), then the totals. */
function dealRows(deals: ClosedCard[]): [string, string][] {
  const won = deals.filter((d) => d.outcome === 'won');
  const named = (d: ClosedCard) =>
    d.leadId ? `${d.name || 'Unnamed lead'}${d.company ? `, ${d.company}` : ''}` : 'A person since erased';
  return [
    ...deals
      .map((d): [string, string] => [
        named(d),
        d.outcome === 'won'
          ? `Won, ${dollars.format(d.value)}`
          : `Lost, ${dollars.format(d.value)} (${d.lostReason ? lostReasonLabels[d.lostReason] : 'no reason'})`,
      ])
      .map(([k, v], i): [string, string] => [
        k,
        deals[i]!.leadId ? `${v}: ${site.url}/admin?lead=${deals[i]!.leadId}` : v,
      ]),
    [
      'Won in the week',
      `${won.length} for ${dollars.format(won.reduce((n, d) => n + d.value, 0))}; lost ${deals.length - won.length}`,
    ],
  ];
}

/** The summary of `week` to one admin. */
export function weeklySummaryMail({ to, week, totals, before, deals = [] }: SummaryMailData): Mail {
  const url = dashboardUrl();
  const span = `${dayName(week.from)} to ${dayName(week.to)}`;
  const mail = sectionMail(
    {
      kind: 'dashboard.weekly-summary',
      to,
      subject: `Weekly summary, week of ${dayName(week.from)}: ${totals.leads} new lead${totals.leads === 1 ? '' : 's'}`,
    },
    'Last week at a glance',
    `The headline figures of ${span} (days in New York time), each with the week before's in brackets. The Dashboard tab has them week by week, by source and by form: ${url}`,
    [
      ...figures.map(({ title, rows }) => ({
        title,
        rows: rows.map(([label, value]): [string, string] => [
          label,
          `${value(totals)} (week before: ${value(before)})`,
        ]),
      })),
      { title: 'Deals won and lost', rows: dealRows(deals) },
    ],
    'You receive this mail every Monday as an admin of the portal.',
  );
  return linkify(mail, url);
}
