/**
 * The scheduler's side of `npm run bench:faults`' bookings scenario (docs/decisions/0046-bookings-from-the-schedulers.md):
 * `connections` loops, each booking calls for invitees one after the other until the load's end. Every invitee's call
 * is booked and then rescheduled (Calendly's three events: created, the old half cancelled, the new half created),
 * and the scheduler delivers each event twice at once, the events in a shuffled order, each delivery signed afresh
 * and retried until it is 2xx (as Calendly retries a failed delivery) or `giveUpAt`. Its checker then holds what
 * was acknowledged against what the database kept: one lead, one booking at the new time, three events and one
 * notice per invitee, every notice mailed once. THINK_MS (150): each client's pause between invitees.
 */
import { like } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { bookingEvents, bookings, leads, mailOutbox } from '../../src/db/schema.ts';
import { calendlyBody, calendlyInviteeUri, signCalendly } from '../../scripts/lib/scheduler-stand-in.ts';
import { tallyAnswers, tallyMail, type Verdict } from './checker.ts';
import { sendAttempt, type Attempt, type LoadPlan } from './clients.ts';
import type { Delivery } from './mail-provider.ts';

/** The signing key the bench's server is given (CALENDLY_WEBHOOK_SIGNING_KEY). */
export const BENCH_CALENDLY_KEY = 'bench-faults-calendly-signing-key';

const RETRY_PAUSE_MS = 300;
const THINK_MS = Number(process.env.THINK_MS ?? 150);

export interface Invitee {
  email: string;
  keys: [old: string, fresh: string];
  /** The new time the reschedule moved the call to. */
  startsAt: Date;
  /** Per event (created, cancelled old half, created new half): whether a delivery of it was acknowledged. */
  acked: boolean[];
  attempts: Attempt[];
}

/** A shuffled copy (Fisher–Yates). */
function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Runs the scheduler's load; resolves with every invitee once each event was acknowledged or given up. */
export async function runBookings(plan: LoadPlan): Promise<Invitee[]> {
  const invitees: Invitee[] = [];
  let n = 0;
  const since = () => Date.now() - plan.startedAt;
  const loop = async () => {
    while (since() < plan.loadMs) {
      const i = n++;
      const old = calendlyInviteeUri();
      const fresh = calendlyInviteeUri();
      const first = new Date(Date.now() + 7 * 86_400_000);
      const later = new Date(first.getTime() + 86_400_000);
      const invitee: Invitee = {
        email: `faults-${plan.scenario}-${i}@bench.example`,
        keys: [old, fresh],
        startsAt: later,
        acked: [false, false, false],
        attempts: [],
      };
      invitees.push(invitee);
      const person = { email: invitee.email, name: `Faults Invitee ${i}`, tracking: { utm_source: 'bench' } };
      const t0 = new Date();
      const t1 = new Date(t0.getTime() + 1000);
      const events = [
        calendlyBody('invitee.created', { ...person, uri: old, startsAt: first }, t0),
        calendlyBody('invitee.canceled', { ...person, uri: old, startsAt: first, newInvitee: fresh }, t1),
        calendlyBody('invitee.created', { ...person, uri: fresh, startsAt: later, oldInvitee: old }, t1),
      ];
      for (const e of shuffled([0, 1, 2])) {
        // Two deliveries of the event at once, each retried until acknowledged.
        await Promise.all(
          [0, 1].map(async () => {
            let ok = false;
            while (!ok && since() < plan.giveUpAt) {
              const attempt = await deliver(plan.base, events[e]!, since);
              invitee.attempts.push(attempt);
              ok = typeof attempt.told === 'number' && attempt.told === 200;
              if (!ok) await new Promise((wait) => setTimeout(wait, RETRY_PAUSE_MS));
            }
            if (ok) invitee.acked[e] = true;
          }),
        );
      }
      await new Promise((wait) => setTimeout(wait, THINK_MS));
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, loop));
  return invitees;
}

async function deliver(base: string, body: string, since: () => number): Promise<Attempt> {
  const told = await sendAttempt<{ outcome?: string }>(
    `${base}/api/webhooks/calendly`,
    { method: 'POST', headers: signCalendly(BENCH_CALENDLY_KEY, body), body },
    since,
    (response, parsed) => response.status === 200 && ['stored', 'duplicate'].includes(parsed.outcome ?? ''),
  );
  return told.attempt;
}

/**
 * The bookings' verdict: kept, an invitee whose three events were all acknowledged and who has one lead, one booking
 * (booked, both keys, at the new time), three events and one notice queued; lost, one acknowledged without all of
 * that; duplicated, a second lead, booking, event or notice; unanswered, something stored for an invitee of whom no
 * event was acknowledged. Every notice is mailed once.
 */
export async function checkBookings(
  db: Db,
  scenario: string,
  invitees: Invitee[],
  deliveries: Delivery[],
  noAnswerExpected: boolean,
): Promise<Verdict> {
  const differences: string[] = [];
  const note = (line: string) => differences.length < 12 && differences.push(line);
  const prefix = `faults-${scenario}-%`;
  const leadRows = await db.select({ id: leads.id, email: leads.email }).from(leads).where(like(leads.email, prefix));
  const leadsOf = Map.groupBy(leadRows, (l) => l.email);
  const emailOfLead = new Map(leadRows.map((l) => [l.id, l.email]));
  const callRows = await db.select().from(bookings).where(like(bookings.inviteeEmail, prefix));
  const callsOf = Map.groupBy(callRows, (b) => emailOfLead.get(b.leadId) ?? b.inviteeEmail);
  const eventRows = await db.select({ leadId: bookingEvents.leadId, key: bookingEvents.key }).from(bookingEvents);
  const eventsOf = Map.groupBy(eventRows, (e) => emailOfLead.get(e.leadId ?? '') ?? '');
  const outbox = await db.select().from(mailOutbox).where(like(mailOutbox.idempotencyKey, 'booking-%'));
  const noticesOf = Map.groupBy(outbox, (m) => m.idempotencyKey.split(':')[1]!);

  let kept = 0,
    lost = 0,
    duplicated = 0,
    unanswered = 0;
  for (const invitee of invitees) {
    const ls = leadsOf.get(invitee.email) ?? [];
    const calls = callsOf.get(invitee.email) ?? [];
    const events = eventsOf.get(invitee.email) ?? [];
    const notices = calls.flatMap((c) => noticesOf.get(c.id) ?? []);
    const extra =
      Math.max(0, ls.length - 1) +
      Math.max(0, calls.length - 1) +
      Math.max(0, events.length - 3) +
      Math.max(0, notices.length - 1);
    if (extra) {
      duplicated += extra;
      note(
        `${invitee.email}: ${ls.length} leads, ${calls.length} bookings, ${events.length} events, ${notices.length} notices`,
      );
    }
    if (!invitee.acked.some(Boolean)) {
      if (ls.length || calls.length) {
        unanswered++;
        note(`${invitee.email}: no event acknowledged, yet stored`);
      }
      continue;
    }
    if (!invitee.acked.every(Boolean)) continue; // given up mid-way: partly stored by design
    const call = calls[0];
    const whole =
      ls.length === 1 &&
      calls.length === 1 &&
      call!.status === 'booked' &&
      call!.keys.join() === [...invitee.keys].sort().join() &&
      call!.startsAt?.getTime() === invitee.startsAt.getTime() &&
      events.length === 3 &&
      notices.length === 1;
    if (whole) kept++;
    else {
      lost++;
      note(
        `${invitee.email}: acknowledged; leads ${ls.length}, bookings ${calls.length} (${call?.status ?? '-'}, ${call?.startsAt?.toISOString() ?? '-'}), events ${events.length}, notices ${notices.length}`,
      );
    }
  }

  const mailTally = tallyMail(outbox, deliveries, note);
  const { told, undocumented } = tallyAnswers(
    invitees.flatMap((i) => i.attempts),
    noAnswerExpected,
    note,
  );
  return {
    submits: invitees.length,
    answered: invitees.filter((i) => i.acked.every(Boolean)).length,
    kept,
    lost,
    duplicated,
    unanswered,
    mails: {
      queued: outbox.length,
      delivered: deliveries.filter((d) => d.key?.startsWith('booking-')).length,
      lost: mailTally.lost,
      duplicated: mailTally.duplicated,
      keyless: deliveries.filter((d) => d.key === null).length,
    },
    undocumented,
    told,
    differences,
    // Every invitee here was delivered by the load (an invitee is made as its first event goes out): none not run.
    notRun: [],
  };
}

/** The scenario's workload for bench/faults.ts: the scheduler's load, and its checker over what it was told. */
export function bookingsWorkload(plan: LoadPlan, deliveries: () => Delivery[], noAnswerExpected: boolean) {
  const load = runBookings(plan);
  return {
    ready: Promise.resolve(),
    done: load.then((invitees) => invitees.flatMap((i) => i.attempts)),
    check: async (db: Db) => checkBookings(db, plan.scenario, await load, deliveries(), noAnswerExpected),
  };
}
