/**
 * Stand-ins of the schedulers' webhook deliveries (docs/decisions/0046-bookings-from-the-schedulers.md): payloads
 * shaped as Calendly's and Cal.com's documentation shows them, signed with each one's own scheme. Used by
 * `npm run bookings:replay`, the tests and `npm run bench:faults`, so the feature runs without a scheduler account.
 */
import { randomUUID } from 'node:crypto';
import { signCal, signCalendly } from '../../src/features/leads/booking-signatures.ts';

export { signCal, signCalendly };

/** A Calendly invitee as the sample call of a lead: every field optional. */
export interface CalendlyInviteeInput {
  /** The invitee's URI (its id); a fresh one unless given. */
  uri?: string;
  email: string;
  name?: string;
  eventType?: string;
  startsAt: Date;
  minutes?: number;
  timeZone?: string;
  tracking?: Record<string, string | null>;
  answers?: { question: string; answer: string }[];
  joinUrl?: string;
  host?: string;
  /** On a create: the invitee this one replaces (a reschedule's new half). */
  oldInvitee?: string;
  /** On a cancel: the invitee that replaces this one (a reschedule's old half). */
  newInvitee?: string;
  reason?: string;
}

/** A fresh invitee URI, shaped as Calendly's. */
export const calendlyInviteeUri = (): string =>
  `https://api.calendly.com/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`;

/** The body of a Calendly delivery of `event` about `invitee`, created at `at`. */
export function calendlyBody(
  event: 'invitee.created' | 'invitee.canceled' | 'invitee_no_show.created' | 'routing_form_submission.created',
  invitee: CalendlyInviteeInput,
  at = new Date(),
): string {
  const uri = invitee.uri ?? calendlyInviteeUri();
  const end = new Date(invitee.startsAt.getTime() + (invitee.minutes ?? 30) * 60_000);
  const canceled = event === 'invitee.canceled';
  const payload = {
    uri,
    email: invitee.email,
    name: invitee.name ?? '',
    status: canceled ? 'canceled' : 'active',
    timezone: invitee.timeZone ?? 'America/New_York',
    rescheduled: canceled && !!invitee.newInvitee,
    old_invitee: invitee.oldInvitee ?? null,
    new_invitee: canceled ? (invitee.newInvitee ?? null) : null,
    questions_and_answers: (invitee.answers ?? []).map((qa, position) => ({ ...qa, position })),
    tracking: {
      utm_campaign: null,
      utm_source: null,
      utm_medium: null,
      utm_content: null,
      utm_term: null,
      salesforce_uuid: null,
      ...invitee.tracking,
    },
    cancellation: canceled
      ? { canceled_by: invitee.name ?? '', reason: invitee.reason ?? '', canceler_type: 'invitee' }
      : undefined,
    scheduled_event: {
      uri: uri.replace(/\/invitees\/.*$/, ''),
      name: invitee.eventType ?? 'Strategy Call',
      status: canceled ? 'canceled' : 'active',
      start_time: invitee.startsAt.toISOString(),
      end_time: end.toISOString(),
      location: { type: 'google_conference', join_url: invitee.joinUrl ?? 'https://meet.google.com/abc-defg-hij' },
      event_memberships: [{ user_name: invitee.host ?? 'Bo Lesta', user_email: 'bo@bolesta.example' }],
    },
    ...(event === 'invitee_no_show.created' && {
      no_show: { uri: `https://api.calendly.com/invitee_no_shows/${randomUUID()}`, created_at: at.toISOString() },
    }),
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
  return JSON.stringify({
    event,
    created_at: at.toISOString(),
    created_by: 'https://api.calendly.com/users/AGENCY',
    payload,
  });
}

/** A Cal.com booking as the sample call of a lead. */
export interface CalBookingInput {
  uid?: string;
  email: string;
  name?: string;
  eventTitle?: string;
  startsAt: Date;
  minutes?: number;
  timeZone?: string;
  /** Hidden booking questions of the link (utm_*, landing_path, referrer) and answers by name. */
  responses?: Record<string, string>;
  rescheduleUid?: string;
  reason?: string;
  noShow?: boolean;
}

/** The body of a Cal.com delivery of `trigger` about `booking`, created at `at`. */
export function calBody(
  trigger:
    | 'BOOKING_CREATED'
    | 'BOOKING_RESCHEDULED'
    | 'BOOKING_CANCELLED'
    | 'BOOKING_NO_SHOW_UPDATED'
    | 'MEETING_ENDED'
    | 'BOOKING_REQUESTED',
  booking: CalBookingInput,
  at = new Date(),
): string {
  const uid = booking.uid ?? randomUUID();
  const end = new Date(booking.startsAt.getTime() + (booking.minutes ?? 30) * 60_000);
  const responses = Object.fromEntries([
    ['name', { label: 'Your name', value: booking.name ?? '' }],
    ['email', { label: 'Email address', value: booking.email }],
    ...Object.entries(booking.responses ?? {}).map(([k, v]) => [k, { label: k, value: v }]),
  ]);
  const payload =
    trigger === 'BOOKING_NO_SHOW_UPDATED'
      ? { bookingUid: uid, message: 'x', attendees: [{ email: booking.email, noShow: booking.noShow ?? true }] }
      : {
          uid,
          type: 'strategy-call',
          eventTitle: booking.eventTitle ?? 'Strategy Call',
          title: `${booking.eventTitle ?? 'Strategy Call'} between Bo Lesta and ${booking.name ?? booking.email}`,
          startTime: booking.startsAt.toISOString(),
          endTime: end.toISOString(),
          organizer: { name: 'Bo Lesta', email: 'bo@bolesta.example', timeZone: 'America/New_York' },
          attendees: [
            { name: booking.name ?? '', email: booking.email, timeZone: booking.timeZone ?? 'Europe/Berlin' },
          ],
          responses,
          location: 'integrations:daily',
          metadata: { videoCallUrl: 'https://app.cal.com/video/abc' },
          ...(booking.rescheduleUid && { rescheduleUid: booking.rescheduleUid }),
          ...(trigger === 'BOOKING_CANCELLED' && { cancellationReason: booking.reason ?? '' }),
        };
  return JSON.stringify({ triggerEvent: trigger, createdAt: at.toISOString(), payload });
}
