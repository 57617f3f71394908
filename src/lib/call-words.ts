/**
 * How a booked call is written (docs/decisions/0046-bookings-from-the-schedulers.md): its time ("Thu 11 Dec,
 * 11:00") in New York, the agency's time zone, and in the invitee's, and its event type in a sentence ("a strategy
 * call"). Browser-safe: the timeline's words are made on the server, the list's in the portal.
 */
import { AGENCY_TIME_ZONE } from './agency-days.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** `when` as "Thu 11 Dec, 11:00" in `timeZone` (New York unless given; an unknown zone falls back to it). */
export function callTime(when: Date | string, timeZone: string = AGENCY_TIME_ZONE): string {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      return callTime(when);
    }
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(when)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`;
}

/** The call's time in New York and, when the invitee's zone is another, in theirs. */
export function callTimes(when: Date | string, inviteeZone: string): string {
  const ours = `${callTime(when)} New York time`;
  if (!inviteeZone || inviteeZone === AGENCY_TIME_ZONE) return ours;
  const theirs = callTime(when, inviteeZone);
  return theirs === callTime(when) && !formats.has(inviteeZone) ? ours : `${ours} · ${theirs} ${inviteeZone} (theirs)`;
}

/** An event type in a sentence: "Strategy Call" → "strategy call", "U.S. Market Call" → "U.S. market call". */
export function callName(eventType: string): string {
  const words = eventType.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return 'call';
  return words.map((w) => (/[A-Z].*[A-Z]|\./.test(w) ? w : w.toLowerCase())).join(' ');
}

/**
 * What a scheduler said of a call (docs/decisions/0046-bookings-from-the-schedulers.md), in words: "Booked a strategy
 * call for Thu 11 Dec, 11:00", "Rescheduled to …", "Cancelled (reason)", "No-show", "Held". A booking and a
 * reschedule carry the call's details: its times in New York and the invitee's zone, the answers, where, who hosts.
 */
export interface BookingHappened {
  what: 'booked' | 'rescheduled' | 'cancelled' | 'no_show' | 'held';
  title: string;
  bookingId: string | null;
  times: string | null;
  answers: { question: string; answer: string }[];
  location: string;
  host: string;
}
