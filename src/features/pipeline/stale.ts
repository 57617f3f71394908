/**
 * The owners' daily alert of stale deals (docs/decisions/0047-pipeline.md): once a day, at 08:00 in the agency's
 * time zone (lead-alerts.mts runs every 15 minutes and queues it in that hour only), each owner is mailed the open
 * deals of theirs idle in their stage past the stage's threshold, longest first; the deals of nobody, or of an
 * account no longer staff (`workingOwner`), go to the staff inbox. The outbox key holds the day and the recipient,
 * so a second run in the hour sends nothing twice.
 */
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { site } from '../../config/site.ts';
import type { Db } from '../../db/client.ts';
import { leads as l } from '../../db/schema.ts';
import { agencyToday } from '../../lib/agency-days.ts';
import { AGENCY_TIME_ZONE } from '../../lib/agency-days.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { linkify, tableMail, type Mail } from '../../server/mail/templates.ts';
import { stageLabels, type OpenStage } from './contract.ts';
import { notSpam } from './board.ts';
import { stageSettings } from './settings.ts';

/** The hour, in the agency's time zone, at which the day's stale deals are mailed. */
export const STALE_ALERT_HOUR = 8;
/** Deals a mail names (longest idle first); it counts the rest. */
export const STALE_PER_MAIL = 20;
/** Deals read per stage per run: enough for every owner's 20, an index range each. */
const STALE_READ = 2_000;
const DAY = 86_400_000;

const hourThere = new Intl.DateTimeFormat('en-US', { timeZone: AGENCY_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

interface StaleDeal {
  id: string;
  /** The person's name, company and address: empty past their owner's first STALE_PER_MAIL (only counted). */
  name: string;
  company: string;
  email: string;
  ownerId: string | null;
  stage: OpenStage;
  days: number;
  staleDays: number;
  value: number | null;
}

/**
 * Every open deal idle in its stage past the stage's threshold at `now` (spam aside), longest idle first. Each
 * stage is read from `leads_pipeline_idx` alone (stage, stage entered, id, value, owner: an index-only range, never
 * the table), and the name, company and address only of the deals a mail can name: each owner's first
 * STALE_PER_MAIL (a recipient's mail names its first of the deals of the owners it stands for, which are among
 * those). The others have them empty: they are only counted.
 */
export async function staleDeals(db: Db, now = new Date()): Promise<StaleDeal[]> {
  const settings = await stageSettings(db);
  const perStage = await Promise.all(
    settings.map(async ({ stage, staleDays }) => {
      const rows = await db
        .select({ id: l.id, ownerId: l.ownerId, stageEnteredAt: l.stageEnteredAt, value: l.dealValue })
        .from(l)
        .where(and(eq(l.stage, stage), notSpam, lt(l.stageEnteredAt, new Date(now.getTime() - staleDays * DAY))))
        .orderBy(asc(l.stageEnteredAt), asc(l.id))
        .limit(STALE_READ);
      return rows.map(({ stageEnteredAt, ...row }) => ({
        ...row,
        stage,
        staleDays,
        days: Math.floor((now.getTime() - stageEnteredAt.getTime()) / DAY),
      }));
    }),
  );
  // Ids compared as the database orders them (code points), not by localeCompare: ICU's collation was most of the
  // time of sorting thousands of deals.
  const deals = perStage.flat().sort((a, b) => b.days - a.days || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const perOwner = new Map<string | null, number>();
  const named = deals.flatMap((d) => {
    const n = (perOwner.get(d.ownerId) ?? 0) + 1;
    perOwner.set(d.ownerId, n);
    return n <= STALE_PER_MAIL ? [d.id] : [];
  });
  const people = named.length
    ? await db
        .select({ id: l.id, name: l.name, company: l.company, email: l.email })
        .from(l)
        .where(inArray(l.id, named))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return deals.map((d) => ({
    ...d,
    name: byId.get(d.id)?.name ?? '',
    company: byId.get(d.id)?.company ?? '',
    email: byId.get(d.id)?.email ?? '',
  }));
}

/** One recipient's mail: their stale deals (at most STALE_PER_MAIL), each with its stage, days, value and link. */
export function staleDealsMail(to: string, deals: StaleDeal[]): Mail {
  const url = `${site.url}/admin`;
  const shown = deals.slice(0, STALE_PER_MAIL);
  const more = deals.length - shown.length;
  const mail = tableMail(
    {
      kind: 'pipeline.stale',
      to,
      subject: `${deals.length} stale deal${deals.length === 1 ? '' : 's'} in the pipeline`,
    },
    'Deals gone quiet',
    `These open deals have sat in their stage longer than the stage allows. Move them on, or close them, in the Pipeline tab: ${url}`,
    [
      ...shown.map((d): [string, string] => [
        `${d.name || d.email}${d.company ? `, ${d.company}` : ''}`,
        `${stageLabels[d.stage]} for ${d.days} days (stale after ${d.staleDays}), ${d.value === null ? 'no value' : dollars.format(d.value)}: ${site.url}/admin?lead=${d.id}`,
      ]),
      ...(more > 0 ? [['And more', `${more} more on the board`] as [string, string]] : []),
    ],
    'You receive this as the owner of these deals (the staff inbox: of deals nobody owns), once a day.',
  );
  return linkify(mail, url);
}

/** A lead's owner while they are staff, or null: the leads' `workingOwner`, passed in by the function. */
export type WorkingOwner = (db: Db, ownerId: string) => Promise<{ email: string } | null>;

/** Queues the day's stale-deal alerts when `now` is 08:xx in the agency's time zone; how many were queued. */
export async function queueStaleDeals(
  db: Db,
  workingOwner: WorkingOwner,
  now = new Date(),
): Promise<{ day: string | null; queued: number }> {
  if (Number(hourThere.format(now)) !== STALE_ALERT_HOUR) return { day: null, queued: 0 };
  const day = agencyToday(now);
  const byRecipient = new Map<string, StaleDeal[]>();
  const owners = new Map<string, string | null>();
  for (const deal of await staleDeals(db, now)) {
    if (deal.ownerId && !owners.has(deal.ownerId)) {
      owners.set(deal.ownerId, (await workingOwner(db, deal.ownerId))?.email ?? null);
    }
    const to = (deal.ownerId && owners.get(deal.ownerId)) || site.staffInbox;
    const theirs = byRecipient.get(to);
    if (theirs) theirs.push(deal);
    else byRecipient.set(to, [deal]);
  }
  let queued = 0;
  for (const [to, deals] of byRecipient) {
    queued += (await enqueueMail(db, `stale-deals:${day}:${to}`, [staleDealsMail(to, deals)], now)).size;
  }
  return { day, queued };
}
