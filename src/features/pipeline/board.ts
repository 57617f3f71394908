/**
 * The Pipeline tab's board (docs/decisions/0047-pipeline.md): per open stage its count and total value and the
 * deals that sat in it longest (each marked stale past the stage's threshold), filtered by owner and source; below
 * it, the period's won and lost deals. One statement per column, each an index range of `leads_stage_idx`.
 */
import { and, asc, desc, eq, gte, inArray, isNull, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, closedDeals as c, leads as l, users } from '../../db/schema.ts';
import { AGENCY_TIME_ZONE } from '../../lib/agency-days.ts';
import { invalidFields } from '../../server/errors.ts';
import { UTM_MAX } from '../../lib/attribution.ts';
import {
  BOARD_CLOSED_MAX,
  BOARD_COLUMN_MAX,
  type BoardCard,
  type BoardReply,
  type ClosedCard,
  type DayPeriod,
  type OpenStage,
} from './contract.ts';
import { stageSettings } from './settings.ts';

const DAY = 86_400_000;
/**
 * Spam aside, written as a constant (not a bound parameter) so that the planner may use the partial index
 * `leads_pipeline_idx` (`where is_spam = false`) whatever plan it caches.
 */
export const notSpam = sql`${l.isSpam} = false`;
const zone = sql.raw(`'${AGENCY_TIME_ZONE}'`);

export interface BoardQuery {
  /** A staff member's id, `unassigned`, or null for anyone's. */
  owner: string | null;
  /** A source (src/lib/lead-source.ts), `unrecorded`, or null for any. */
  source: string | null;
}

/** `?owner=mine|unassigned|<id>&source=`; a value that cannot be one is a 422 naming it. */
export function boardQuery(url: URL, viewerId: string): BoardQuery {
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const owner = get('owner');
  const source = get('source').toLowerCase();
  const fields: Record<string, string> = {};
  if (owner.length > 200) fields.owner = 'Use mine, unassigned or a staff member’s id';
  if (source.length > UTM_MAX) fields.source = `Keep the source under ${UTM_MAX} characters`;
  if (Object.keys(fields).length) throw invalidFields(fields, 'Some filters are not valid.');
  return { owner: owner === 'mine' ? viewerId : owner || null, source: source || null };
}

const filters = (q: BoardQuery): (SQL | undefined)[] => [
  q.owner === 'unassigned' ? isNull(l.ownerId) : q.owner ? eq(l.ownerId, q.owner) : undefined,
  q.source === 'unrecorded' ? isNull(l.source) : q.source ? eq(l.source, q.source) : undefined,
];

/** The deals of one open stage that sat in it longest, and the stage's count and value (filtered alike). */
async function column(db: Db, stage: OpenStage, q: BoardQuery) {
  const where = and(eq(l.stage, stage), notSpam, ...filters(q));
  const [cards, [totals]] = await Promise.all([
    db
      .select({ lead: l, ownerName: users.name, ownerEmail: users.email })
      .from(l)
      .leftJoin(users, eq(users.id, l.ownerId))
      .where(where)
      .orderBy(asc(l.stageEnteredAt), asc(l.id))
      .limit(BOARD_COLUMN_MAX),
    db
      .select({ count: sql<number>`count(*)::int`, value: sql<number>`coalesce(sum(${l.dealValue}), 0)::float8` })
      .from(l)
      .where(where),
  ]);
  return { cards, count: totals?.count ?? 0, value: totals?.value ?? 0 };
}

/**
 * The won and lost deals closed in `period`, latest first (at most BOARD_CLOSED_MAX): the board's list and the
 * weekly summary's. An erased person's deal has no name, and no owner or source to filter by.
 */
export async function closedIn(
  db: Db,
  period: DayPeriod,
  q: BoardQuery = { owner: null, source: null },
): Promise<ClosedCard[]> {
  const rows = await db
    .select({
      leadId: c.leadId,
      name: l.name,
      company: l.company,
      outcome: c.outcome,
      closedAt: c.closedAt,
      value: c.value,
      lostReason: c.lostReason,
    })
    .from(c)
    .leftJoin(l, eq(l.id, c.leadId))
    .where(
      and(
        sql`${c.closedAt} >= ((${period.from}::date)::timestamp at time zone ${zone})`,
        sql`${c.closedAt} < ((${period.to}::date + 1)::timestamp at time zone ${zone})`,
        ...(q.owner || q.source ? filters(q) : []),
      ),
    )
    .orderBy(desc(c.closedAt), desc(c.id))
    .limit(BOARD_CLOSED_MAX);
  return rows.map((x) => ({ ...x, name: x.name ?? '', company: x.company ?? '' }));
}

/** The next booked call of each of `leadIds` still to come (docs/decisions/0046-bookings-from-the-schedulers.md). */
async function nextCalls(db: Db, leadIds: string[], now: Date): Promise<Map<string, Date>> {
  if (!leadIds.length) return new Map();
  const rows = await db
    .select({ leadId: bookings.leadId, at: min(bookings.startsAt) })
    .from(bookings)
    .where(and(inArray(bookings.leadId, leadIds), eq(bookings.status, 'booked'), gte(bookings.startsAt, now)))
    .groupBy(bookings.leadId);
  return new Map(rows.flatMap((r) => (r.leadId && r.at ? [[r.leadId, new Date(r.at)] as const] : [])));
}

/** The board now, and the won and lost deals closed in `period`. */
export async function getBoard(db: Db, q: BoardQuery, period: DayPeriod, now = new Date()): Promise<BoardReply> {
  const settings = await stageSettings(db);
  const [columns, closed] = await Promise.all([
    Promise.all(settings.map((s) => column(db, s.stage, q))),
    closedIn(db, period, q),
  ]);
  const calls = await nextCalls(
    db,
    columns.flatMap((col) => col.cards.map((card) => card.lead.id)),
    now,
  );
  return {
    from: period.from,
    to: period.to,
    columns: settings.map((s, i) => {
      const col = columns[i]!;
      return {
        stage: s.stage,
        count: col.count,
        value: col.value,
        staleDays: s.staleDays,
        cards: col.cards.map(({ lead, ownerName, ownerEmail }): BoardCard => {
          const daysInStage = Math.floor((now.getTime() - lead.stageEnteredAt.getTime()) / DAY);
          return {
            id: lead.id,
            name: lead.name,
            company: lead.company,
            email: lead.email,
            value: lead.dealValue,
            expectedCloseOn: lead.expectedCloseOn,
            owner: lead.ownerId ? { id: lead.ownerId, name: ownerName ?? '', email: ownerEmail ?? '' } : null,
            source: lead.source,
            stage: lead.stage,
            stageEnteredAt: lead.stageEnteredAt,
            daysInStage,
            stale: daysInStage > s.staleDays,
            nextCallAt: calls.get(lead.id) ?? null,
          };
        }),
      };
    }),
    closed,
  };
}
