/**
 * The notices of a booked call to the lead's owner, or the staff inbox for a lead nobody owns
 * (docs/decisions/0046-bookings-from-the-schedulers.md): a new call, a cancellation, a no-show, by mail and Slack,
 * with the invitee's answers to the scheduler's questions.
 */
import type { Booking, Lead } from '../../db/schema.ts';
import { oneLine } from '../../lib/one-line.ts';
import { slackEscape, type SlackPost } from '../../server/mail/slack.ts';
import { tableMail, type Mail } from '../../server/mail/templates.ts';
import { leadUrl } from './alert-mail.ts';
import { callName, callTime, callTimes } from '../../lib/call-words.ts';

export type NoticeKind = 'booked' | 'cancelled' | 'no_show';

/** The notice's heading: "Ada Quill booked a strategy call for Thu 11 Dec, 11:00". */
export function noticeHeading(lead: Lead, booking: Booking, kind: NoticeKind): string {
  const who = lead.name || lead.email;
  const call = callName(booking.eventType);
  const when = booking.startsAt ? ` for ${callTime(booking.startsAt)}` : '';
  if (kind === 'booked') return `${who} booked a ${call}${when}`;
  if (kind === 'cancelled') return `${who} cancelled the ${call}${when}`;
  return `${who} did not come to the ${call}${when}`;
}

const intro: Record<NoticeKind, string> = {
  booked:
    'The call answers their open request: the response clock stops. Their answers to the booking questions are below.',
  cancelled: 'The call is off: the lead waits on us again, with a due time. Follow up to find another time.',
  no_show: 'The invitee did not come: the lead waits on us again, with a due time. Follow up.',
};

/** The rows of the call: when, what, where, who hosts it, each answer. */
function rows(lead: Lead, booking: Booking): [string, string][] {
  return [
    ['Lead', `${lead.name || lead.email} <${lead.email}>`],
    ['Call', booking.eventType],
    ['When', booking.startsAt ? callTimes(booking.startsAt, booking.timeZone) : 'not said'],
    ['Where', booking.location],
    ['Host', booking.host],
    ...(booking.cancelReason ? ([['Reason', booking.cancelReason]] as [string, string][]) : []),
    ...booking.answers.map((a): [string, string] => [a.question, a.answer]),
    ['Open the lead', leadUrl(lead.id)],
  ];
}

export function bookingNoticeMail(to: string, lead: Lead, booking: Booking, kind: NoticeKind): Mail {
  const heading = noticeHeading(lead, booking, kind);
  return tableMail(
    { kind: `lead.booking-${kind.replace('_', '-')}`, to, subject: oneLine(heading) },
    heading,
    intro[kind],
    rows(lead, booking),
  );
}

export function bookingSlackPost(lead: Lead, booking: Booking, kind: NoticeKind): SlackPost {
  const heading = noticeHeading(lead, booking, kind);
  const answers = booking.answers.map((a) => `>${slackEscape(oneLine(a.question))}: ${slackEscape(oneLine(a.answer))}`);
  return {
    kind: `slack.booking-${kind.replace('_', '-')}`,
    subject: oneLine(heading),
    text: [
      `*${slackEscape(oneLine(heading))}*`,
      ...(booking.cancelReason ? [`Reason: ${slackEscape(oneLine(booking.cancelReason))}`] : []),
      ...answers,
      `<${leadUrl(lead.id)}|Open the lead>`,
    ].join('\n'),
  };
}
