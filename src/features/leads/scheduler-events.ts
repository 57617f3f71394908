/**
 * The schedulers' webhook payloads, read into one shape (docs/decisions/0046-bookings-from-the-schedulers.md): which
 * call an event is about (`key`: Calendly's invitee URI, Cal.com's booking uid), the other half of a reschedule
 * (`linked`), what happened (`kind`), when at the scheduler (`at`), and what it said of the call (`facts`). The
 * event's own id is the provider's: Calendly sends each event of an invitee once (`invitee.created`,
 * `invitee.canceled`, `invitee_no_show.created`), Cal.com each trigger of a booking uid, so `<provider>:<event>:<key>`
 * names one event however often it is delivered.
 *
 * A verified payload that names no call, or a booking without the invitee's address, is a 422 naming the field.
 */
import {
  LANDING_PATH,
  LANDING_PATH_MAX,
  REFERRER_MAX,
  REFERRER_ORIGIN,
  UTM_MAX,
  utmParameters,
  type Attribution,
} from '../../lib/attribution.ts';
import type { BookingAnswer, BookingEventKind, BookingFacts, BookingProvider } from '../../db/schema.ts';
import { invalidFields } from '../../server/errors.ts';

/** One scheduler event, as stored. */
export interface SchedulerEvent {
  id: string;
  provider: BookingProvider;
  kind: BookingEventKind;
  key: string;
  linked: string | null;
  at: Date;
  facts: BookingFacts;
}

/** The largest event body read (a booking's payload is a few KB). */
export const MAX_BOOKING_EVENT_BYTES = 256 * 1024;

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
const str = (value: unknown, max = 500): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const ID_MAX = 300;

/** A time the payload gives, as ISO, or undefined when it is none. */
const isoOf = (value: unknown): string | undefined => {
  const text = str(value, 40);
  const ms = text ? Date.parse(text) : NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

/** The event's own time, or `now` when the payload gives none. */
const atOf = (value: unknown, now: Date): Date => {
  const iso = isoOf(value);
  return iso ? new Date(iso) : now;
};

/** An answer of any shape (text, a list, Cal.com's `{ value }`, a phone object) as one line of text. */
function answerText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join(', ');
  const o = obj(value);
  if ('value' in o) return answerText(o.value);
  if ('optionValue' in o) return answerText(o.optionValue);
  return '';
}

/**
 * The first touch a booking link carried back, under the site's own rules (src/lib/attribution.ts): each `utm_*`
 * trimmed and cut to its cap, a landing path only as a path of this site, a referrer only as an origin.
 */
export function bookingAttribution(values: Record<string, string>): Attribution | undefined {
  const out: Attribution = {};
  for (const [parameter, field] of Object.entries(utmParameters)) {
    const value = (values[parameter] ?? '').trim().slice(0, UTM_MAX).trim();
    if (value) out[field] = value;
  }
  const landing = (values.landing_path ?? '').trim();
  if (landing && landing.length <= LANDING_PATH_MAX && LANDING_PATH.test(landing)) out.landingPath = landing;
  const referrer = (values.referrer ?? '').trim();
  if (referrer && referrer.length <= REFERRER_MAX && REFERRER_ORIGIN.test(referrer)) out.referrer = referrer;
  return Object.keys(out).length ? out : undefined;
}

/** Drops the facts left empty, so a later event's empty field never hides an earlier one's value. */
function compact(facts: BookingFacts): BookingFacts {
  return Object.fromEntries(
    Object.entries(facts).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)),
  ) as BookingFacts;
}

const CALENDLY_KINDS: Record<string, BookingEventKind> = {
  'invitee.created': 'created',
  'invitee.canceled': 'cancelled',
  'invitee_no_show.created': 'no_show',
};

/** Reads a verified Calendly delivery. */
export function calendlyEvent(body: unknown, now = new Date()): SchedulerEvent {
  const root = obj(body);
  const type = str(root.event, 60);
  if (!type) throw invalidFields({ event: 'is missing' }, 'The event names no event type.');
  const payload = obj(root.payload);
  const kind = CALENDLY_KINDS[type] ?? 'ignored';
  // A no-show names its invitee (`invitee`, the invitee's URI) beside its own URI; the others are the invitee.
  const key = str(kind === 'no_show' && typeof payload.invitee === 'string' ? payload.invitee : payload.uri, ID_MAX);
  if (!key) throw invalidFields({ 'payload.uri': 'is missing: the event names no invitee' });
  const at = atOf(root.created_at, now);
  const id = `calendly:${type}:${key}`;
  if (kind === 'ignored') return { id, provider: 'calendly', kind, key, linked: null, at, facts: {} };
  const event = obj(payload.scheduled_event);
  const location = obj(event.location);
  const hosts = Array.isArray(event.event_memberships) ? event.event_memberships.map(obj) : [];
  const tracking = obj(payload.tracking);
  const answers: BookingAnswer[] = (Array.isArray(payload.questions_and_answers) ? payload.questions_and_answers : [])
    .map(obj)
    .map((qa) => ({ question: str(qa.question, 300), answer: answerText(qa.answer).slice(0, 2000) }))
    .filter((qa) => qa.question && qa.answer)
    .slice(0, 30);
  const cancellation = obj(payload.cancellation);
  const rescheduled = kind === 'cancelled' && payload.rescheduled === true;
  const linked = str(kind === 'created' ? payload.old_invitee : rescheduled ? payload.new_invitee : '', ID_MAX) || null;
  const email = str(payload.email, 320);
  if (kind !== 'no_show' && !email) throw invalidFields({ 'payload.email': 'is missing: the invitee has no address' });
  return {
    id,
    provider: 'calendly',
    kind,
    key,
    linked,
    at,
    facts: compact({
      eventType: str(event.name, 200),
      startsAt: isoOf(event.start_time),
      endsAt: isoOf(event.end_time),
      name: str(payload.name, 200),
      email,
      timeZone: str(payload.timezone, 80),
      answers,
      location: str(location.join_url, 500) || str(location.location, 500) || str(location.type, 100),
      host: hosts
        .map((h) => str(h.user_name, 200) || str(h.user_email, 320))
        .filter(Boolean)
        .join(', '),
      reason: kind === 'cancelled' && !rescheduled ? str(cancellation.reason, 500) : undefined,
      rescheduled: rescheduled || undefined,
      attribution: bookingAttribution(
        Object.fromEntries(Object.entries(tracking).map(([k, v]) => [k, typeof v === 'string' ? v : ''])),
      ),
    }),
  };
}

const CAL_KINDS: Record<string, BookingEventKind> = {
  BOOKING_CREATED: 'created',
  BOOKING_RESCHEDULED: 'rescheduled',
  BOOKING_CANCELLED: 'cancelled',
  BOOKING_NO_SHOW_UPDATED: 'no_show',
  MEETING_ENDED: 'held',
};

/** The booking questions that are not answers to show: the invitee, the link's hidden attribution, the place. */
const CAL_NOT_ANSWERS = new Set([
  'name',
  'email',
  'location',
  'landing_path',
  'referrer',
  ...Object.keys(utmParameters),
]);

/** Reads a verified Cal.com delivery. */
export function calEvent(body: unknown, now = new Date()): SchedulerEvent {
  const root = obj(body);
  const type = str(root.triggerEvent, 60);
  if (!type) throw invalidFields({ triggerEvent: 'is missing' }, 'The event names no trigger.');
  const payload = obj(root.payload);
  let kind = CAL_KINDS[type] ?? 'ignored';
  const key = str(payload.uid, ID_MAX) || str(payload.bookingUid, ID_MAX);
  if (!key) throw invalidFields({ 'payload.uid': 'is missing: the event names no booking' });
  const at = atOf(root.createdAt, now);
  const attendees = Array.isArray(payload.attendees) ? payload.attendees.map(obj) : [];
  // A no-show update says, per attendee, whether they missed the call; an update that clears it says nothing new.
  const noShow = kind === 'no_show' ? attendees.some((a) => a.noShow === true) || payload.noShow === true : false;
  if (kind === 'no_show' && !noShow) kind = 'ignored';
  const id = `cal:${type}:${key}${type === 'BOOKING_NO_SHOW_UPDATED' ? `:${noShow}` : ''}`;
  if (kind === 'ignored') return { id, provider: 'cal', kind, key, linked: null, at, facts: {} };
  const responses = obj(payload.responses);
  const organizer = obj(payload.organizer);
  const attendee = attendees[0] ?? {};
  const email = str(attendee.email, 320) || answerText(responses.email).slice(0, 320);
  if ((kind === 'created' || kind === 'rescheduled') && !email)
    throw invalidFields({ 'payload.attendees': 'is missing: the booking has no invitee address' });
  const answers: BookingAnswer[] = Object.entries(responses)
    .filter(([name]) => !CAL_NOT_ANSWERS.has(name))
    .map(([name, value]) => ({
      question: str(obj(value).label, 300) || name,
      answer: answerText(value).slice(0, 2000),
    }))
    .filter((qa) => qa.answer)
    .slice(0, 30);
  const metadata = obj(payload.metadata);
  const hidden = Object.fromEntries(
    [...Object.keys(utmParameters), 'landing_path', 'referrer'].map((name) => [name, answerText(responses[name])]),
  );
  return {
    id,
    provider: 'cal',
    kind,
    key,
    linked:
      kind === 'rescheduled' ? str(payload.rescheduleUid, ID_MAX) || str(payload.fromReschedule, ID_MAX) || null : null,
    at,
    facts: compact({
      eventType: str(payload.eventTitle, 200) || str(payload.type, 200),
      startsAt: isoOf(payload.startTime),
      endsAt: isoOf(payload.endTime),
      name: str(attendee.name, 200) || answerText(responses.name).slice(0, 200),
      email,
      timeZone: str(attendee.timeZone, 80),
      answers,
      location: str(metadata.videoCallUrl, 500) || str(payload.location, 500),
      host: str(organizer.name, 200) || str(organizer.email, 320),
      reason: kind === 'cancelled' ? str(payload.cancellationReason, 500) : undefined,
      attribution: bookingAttribution(hidden),
    }),
  };
}
