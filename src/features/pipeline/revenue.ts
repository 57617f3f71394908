/**
 * The Dashboard's revenue (docs/decisions/0047-pipeline.md), three statements: the open pipeline by stage now,
 * weighted by each stage's probability; the period's closed deals (won value and count, lost count, the median
 * days from first touch to won); and the won value per first-touch source, campaign, landing page and resource.
 * Closed figures read `closed_deals`, so an erased client's deal still counts, unnamed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { closedDeals as c, leads as l } from '../../db/schema.ts';
import { AGENCY_TIME_ZONE } from '../../lib/agency-days.ts';
import { openStages, type DayPeriod, type OpenStage, type RevenueFigures, type WonBy } from './contract.ts';
import { stageSettings } from './settings.ts';

const zone = sql.raw(`'${AGENCY_TIME_ZONE}'`);
const inPeriod = (p: DayPeriod) =>
  sql`${c.closedAt} >= ((${p.from}::date)::timestamp at time zone ${zone})
    and ${c.closedAt} < ((${p.to}::date + 1)::timestamp at time zone ${zone})`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The open deals by stage (spam aside): how many, and their value. One index range per stage. */
export const openByStage = (db: Db) =>
  rows<{ stage: OpenStage; count: number; value: number }>(
    db,
    sql`select ${l.stage} as stage, count(*)::int as count, coalesce(sum(${l.dealValue}), 0)::float8 as value
      from ${l} where ${l.stage} in (${sql.join(
        openStages.map((s) => sql`${s}`),
        sql`, `,
      )}) and ${l.isSpam} = false group by 1`,
  );

/** The period's closed deals: won count and value, lost count, median days from first touch to won. */
export const closedTotals = (db: Db, p: DayPeriod) =>
  rows<{ wonCount: number; wonValue: number; lostCount: number; medianDays: number | null }>(
    db,
    sql`select count(*) filter (where ${c.outcome} = 'won')::int as "wonCount",
        coalesce(sum(${c.value}) filter (where ${c.outcome} = 'won'), 0)::float8 as "wonValue",
        count(*) filter (where ${c.outcome} = 'lost')::int as "lostCount",
        round((percentile_cont(0.5) within group (order by date_part('epoch', ${c.closedAt} - ${c.firstTouchAt}) / 86400)
          filter (where ${c.outcome} = 'won'))::numeric, 1)::float8 as "medianDays"
      from ${c} where ${inPeriod(p)}`,
  );

/** The period's won value and count by each first-touch key; `g` says which (source 0, campaign 1, page 2, resource 3). */
export const wonByTouch = (db: Db, p: DayPeriod) =>
  rows<{ g: number; key: string | null; count: number; value: number }>(
    db,
    sql`select case when grouping(${c.source}) = 0 then 0 when grouping(${c.campaign}) = 0 then 1
          when grouping(${c.landingPath}) = 0 then 2 else 3 end as g,
        (case when grouping(${c.source}) = 0 then ${c.source} when grouping(${c.campaign}) = 0 then ${c.campaign}
          when grouping(${c.landingPath}) = 0 then ${c.landingPath} else ${c.resource} end) as key,
        count(*)::int as count, sum(${c.value})::float8 as value
      from ${c} where ${c.outcome} = 'won' and ${inPeriod(p)}
      group by grouping sets ((${c.source}), (${c.campaign}), (${c.landingPath}), (${c.resource}))
      order by g, value desc, key asc nulls last`,
  );

/** Every revenue figure of `period`. */
export async function revenueFigures(db: Db, period: DayPeriod): Promise<RevenueFigures> {
  const [settings, open, [closed], won] = await Promise.all([
    stageSettings(db),
    openByStage(db),
    closedTotals(db, period),
    wonByTouch(db, period),
  ]);
  const stages = settings.map(({ stage, probability }) => {
    const row = open.find((r) => r.stage === stage);
    const value = row?.value ?? 0;
    return { stage, count: row?.count ?? 0, value, probability, weighted: Math.round((value * probability) / 100) };
  });
  const by = (g: number): WonBy[] =>
    won.filter((r) => r.g === g).map(({ key, count, value }) => ({ key, count, value }));
  const wonCount = closed?.wonCount ?? 0;
  const lostCount = closed?.lostCount ?? 0;
  return {
    open: stages,
    openValue: stages.reduce((sum, s) => sum + s.value, 0),
    forecast: stages.reduce((sum, s) => sum + s.weighted, 0),
    wonCount,
    wonValue: closed?.wonValue ?? 0,
    lostCount,
    winRate: wonCount + lostCount > 0 ? Math.round((100 * wonCount) / (wonCount + lostCount)) : null,
    medianDaysToWon: closed?.medianDays ?? null,
    wonBySource: by(0),
    wonByCampaign: by(1),
    wonByLandingPage: by(2),
    wonByResource: by(3),
  };
}
