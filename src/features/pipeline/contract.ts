/**
 * The pipeline's contract, browser-safe (docs/decisions/0047-pipeline.md): a lead's stage change as staff send it,
 * the admin's settings per stage, and the replies. Functions and islands import it.
 */
import * as z from 'zod/mini';
import {
  leadStages,
  lostReasons,
  openStages,
  type LeadStage,
  type LostReason,
  type OpenStage,
} from '../../lib/statuses.ts';

export {
  leadStages,
  lostReasons,
  lostReasonLabels,
  openStages,
  stageLabels,
  type LeadStage,
  type LostReason,
  type OpenStage,
} from '../../lib/statuses.ts';

/** The highest deal value accepted, in whole US dollars (an integer column holds up to 2,147,483,647). */
export const VALUE_MAX = 100_000_000;
export const LOST_NOTE_MAX = 1_000;
/** A period of agency days, both included (`YYYY-MM-DD`): the Dashboard's, which the board's closed list shares. */
export interface DayPeriod {
  from: string;
  to: string;
}

/** A calendar date as the API writes it. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * The body of `POST /api/admin/leads/:id/stage`. `value` and `expectedCloseOn` left out keep what the lead has;
 * null clears them. `lostReason` is required for `lost` and refused for any other stage; `lostNote` is required
 * with `other`. The rules across fields are checked by the service, which names each field in its 422.
 */
export const stageChangeSchema = z.object({
  stage: z.enum(leadStages, `Choose ${leadStages.join(', ')}`),
  value: z.optional(
    z.nullable(
      z.number('Enter the value in whole US dollars').check(
        z.refine((v) => Number.isInteger(v), 'Enter the value in whole US dollars, without cents'),
        z.refine((v) => v >= 0, 'The value cannot be negative'),
        z.refine((v) => v <= VALUE_MAX, `Keep the value at most ${VALUE_MAX.toLocaleString('en-US')} dollars`),
      ),
    ),
  ),
  expectedCloseOn: z.optional(
    z.nullable(
      z.string('Enter the date as YYYY-MM-DD').check(z.refine(isCalendarDate, 'Enter the date as YYYY-MM-DD')),
    ),
  ),
  lostReason: z.optional(z.nullable(z.enum(lostReasons, `Choose ${lostReasons.join(', ')}`))),
  lostNote: z.optional(
    z.string().check(z.trim(), z.maxLength(LOST_NOTE_MAX, `Keep the note under ${LOST_NOTE_MAX} characters`)),
  ),
});
export type StageChange = z.output<typeof stageChangeSchema>;

/** One open stage's settings: its win probability in percent, and after how many idle days a deal in it is stale. */
export interface StageSetting {
  stage: OpenStage;
  probability: number;
  staleDays: number;
}

/** The body of `PUT /api/admin/pipeline/settings`: every open stage's settings. */
export const pipelineSettingsSchema = z.object({
  stages: z
    .array(
      z.object({
        stage: z.enum(openStages, `Choose ${openStages.join(', ')}`),
        probability: z
          .number('Enter a whole percent from 0 to 100')
          .check(z.refine((v) => Number.isInteger(v) && v >= 0 && v <= 100, 'Enter a whole percent from 0 to 100')),
        staleDays: z
          .number('Enter whole days from 1 to 365')
          .check(z.refine((v) => Number.isInteger(v) && v >= 1 && v <= 365, 'Enter whole days from 1 to 365')),
      }),
    )
    .check(z.refine((x) => new Set(x.map((s) => s.stage)).size === x.length, 'Name each stage once')),
});

/** A lead's deal as the list, the lead's page and the board show it. */
export interface LeadDeal {
  stage: LeadStage;
  stageEnteredAt: Date;
  value: number | null;
  expectedCloseOn: string | null;
  lostReason: LostReason | null;
  lostNote: string;
}

/** The settings a stage has until an admin changes them: a win probability (percent) and idle days before stale. */
export const DEFAULT_STAGE_SETTINGS: Record<OpenStage, { probability: number; staleDays: number }> = {
  new: { probability: 10, staleDays: 7 },
  qualified: { probability: 25, staleDays: 14 },
  call: { probability: 40, staleDays: 7 },
  proposal: { probability: 60, staleDays: 14 },
};

/** `GET`/`PUT /api/admin/pipeline/settings`: every open stage's settings, in the board's order. */
export interface PipelineSettingsReply {
  stages: StageSetting[];
}

/** One open stage now: its deals, their value (a deal without one counts 0), and that value weighted. */
export interface OpenStageFigures {
  stage: OpenStage;
  count: number;
  value: number;
  probability: number;
  /** `value × probability / 100`, rounded to whole dollars. */
  weighted: number;
}

/** Won value and count under one first-touch key (a source, campaign, landing page or resource; null: none). */
export interface WonBy {
  key: string | null;
  count: number;
  value: number;
}

/**
 * The Dashboard's revenue (docs/decisions/0047-pipeline.md). The open pipeline is now (deals are open or not
 * today, whatever the period); the rest is of the deals closed in the period, erased clients' among them, unnamed.
 */
export interface RevenueFigures {
  open: OpenStageFigures[];
  openValue: number;
  forecast: number;
  wonCount: number;
  wonValue: number;
  lostCount: number;
  /** Won of those closed (won or lost) in the period, whole percent; null when none closed. */
  winRate: number | null;
  /** Median days from the first touch (the lead's first request) to won, to a tenth; null when none was won. */
  medianDaysToWon: number | null;
  wonBySource: WonBy[];
  wonByCampaign: WonBy[];
  wonByLandingPage: WonBy[];
  wonByResource: WonBy[];
}

/** How many cards a column lists (longest in the stage first); its count and total are of all its deals. */
export const BOARD_COLUMN_MAX = 50;
/** How many won and lost deals of the period the board lists below it, latest first. */
export const BOARD_CLOSED_MAX = 100;

/** One deal on the board. */
export interface BoardCard {
  id: string;
  name: string;
  company: string;
  email: string;
  value: number | null;
  /** The expected close date (`YYYY-MM-DD`), or null. */
  expectedCloseOn: string | null;
  owner: { id: string; name: string; email: string } | null;
  source: string | null;
  stage: LeadStage;
  stageEnteredAt: Date;
  /** Whole days since it entered its stage. */
  daysInStage: number;
  /** Idle in its stage past the stage's threshold (`staleDays`). */
  stale: boolean;
  /** The next call booked with the lead (the bookings feature fills it; null until then). */
  nextCallAt: Date | null;
}

export interface BoardColumn {
  stage: OpenStage;
  count: number;
  value: number;
  staleDays: number;
  cards: BoardCard[];
}

/** A won or lost deal of the period, below the board; an erased person's shows no name. */
export interface ClosedCard {
  leadId: string | null;
  name: string;
  company: string;
  outcome: 'won' | 'lost';
  closedAt: Date;
  value: number;
  lostReason: LostReason | null;
}

/** `GET /api/admin/pipeline?owner=&source=&from=&to=`: the board's columns and the period's closed deals. */
export interface BoardReply {
  from: string;
  to: string;
  columns: BoardColumn[];
  closed: ClosedCard[];
}
