/**
 * A booked call derived from its scheduler events (docs/decisions/0046-bookings-from-the-schedulers.md), and the
 * timeline's words for each event: pure functions of the stored events, so the order they arrived in plays no part.
 */
import type { BookingEvent, BookingFacts, BookingStatus } from '../../db/schema.ts';
import { callName, callTime, callTimes } from '../../lib/call-words.ts';
import type { TimelineEntry } from './contract.ts';

export type ChainEvent = Pick<BookingEvent, 'kind' | 'key' | 'linked' | 'at' | 'facts' | 'id'>;

/** The call as its events say it is. */
export interface DerivedCall {
  keys: string[];
  status: BookingStatus;
  facts: BookingFacts;
  bookedAt: Date;
  cancelReason: string;
}

/** Old key → new key of every reschedule the events name. */
function successors(events: readonly ChainEvent[]): Map<string, string> {
  const next = new Map<string, string>();
  for (const e of events) {
    if (!e.linked) continue;
    if (e.kind === 'created' || e.kind === 'rescheduled') next.set(e.linked, e.key);
    else if (e.kind === 'cancelled' && e.facts.rescheduled) next.set(e.key, e.linked);
  }
  return next;
}

const byTime = (a: ChainEvent, b: ChainEvent) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id);

/**
 * The call the events of one chain describe: its current key (the one no reschedule replaced), the facts of the
 * latest events about it (an earlier key's when none speaks of it yet), and its status from the latest cancel,
 * no-show or end of the current key. A pure function of the set: the order of arrival plays no part.
 */
export function deriveCall(events: readonly ChainEvent[]): DerivedCall {
  const sorted = [...events].sort(byTime);
  const next = successors(sorted);
  const keys = [...new Set(sorted.flatMap((e) => (e.linked ? [e.key, e.linked] : [e.key])))].sort();
  let current = sorted[0]!.key;
  for (let hops = 0; next.has(current) && hops <= keys.length; hops++) current = next.get(current)!;
  const facts: BookingFacts = {};
  // Everything said, oldest first, then what is said of the current key over it.
  for (const e of sorted) if (e.kind !== 'no_show' && e.kind !== 'held') Object.assign(facts, e.facts);
  for (const e of sorted)
    if (e.key === current && e.kind !== 'no_show' && e.kind !== 'held') Object.assign(facts, e.facts);
  delete facts.reason;
  delete facts.rescheduled;
  const firstTouch = sorted.find((e) => e.facts.attribution)?.facts.attribution;
  if (firstTouch) facts.attribution = firstTouch;
  else delete facts.attribution;
  const ending = sorted
    .filter(
      (e) =>
        e.key === current &&
        (e.kind === 'no_show' || e.kind === 'held' || (e.kind === 'cancelled' && !e.facts.rescheduled)),
    )
    .at(-1);
  const status: BookingStatus =
    ending?.kind === 'cancelled'
      ? 'cancelled'
      : ending?.kind === 'no_show'
        ? 'no_show'
        : ending?.kind === 'held'
          ? 'held'
          : 'booked';
  return {
    keys,
    status,
    facts,
    bookedAt: sorted[0]!.at,
    cancelReason: status === 'cancelled' ? (ending?.facts.reason ?? '') : '',
  };
}

/**
 * The timeline's entries of a lead's call events (oldest first): one per booking, reschedule, cancellation, no-show
 * and end; the old half of a reschedule says nothing of its own (its new half is "Rescheduled to …").
 */
export function bookingTimeline(events: readonly BookingEvent[]): Extract<TimelineEntry, { kind: 'booking' }>[] {
  return events.flatMap((e): Extract<TimelineEntry, { kind: 'booking' }>[] => {
    const f = e.facts;
    const when = f.startsAt ? callTime(f.startsAt) : null;
    const base = {
      kind: 'booking' as const,
      at: e.at,
      id: e.id,
      bookingId: e.bookingId,
      times: null,
      answers: [],
      location: '',
      host: '',
    };
    const details = {
      times: f.startsAt ? callTimes(f.startsAt, f.timeZone ?? '') : null,
      answers: f.answers ?? [],
      location: f.location ?? '',
      host: f.host ?? '',
    };
    switch (e.kind) {
      case 'created':
      case 'rescheduled': {
        const moved = e.kind === 'rescheduled' || !!e.linked;
        const title = moved
          ? `Rescheduled to ${when ?? 'a new time'}`
          : `Booked a ${callName(f.eventType ?? '')}${when ? ` for ${when}` : ''}`;
        return [{ ...base, ...details, what: moved ? 'rescheduled' : 'booked', title }];
      }
      case 'cancelled':
        if (f.rescheduled) return [];
        return [{ ...base, what: 'cancelled', title: f.reason ? `Cancelled (${f.reason})` : 'Cancelled' }];
      case 'no_show':
        return [{ ...base, what: 'no_show', title: 'No-show' }];
      case 'held':
        return [{ ...base, what: 'held', title: 'Held' }];
      default:
        return [];
    }
  });
}
