// POST /api/webhooks/cal: Cal.com's webhook (docs/decisions/0046-bookings-from-the-schedulers.md).
// No session: the request must carry `X-Cal-Signature-256: <hex HMAC-SHA256 of the body>` signed with
// CAL_WEBHOOK_SECRET, else 401 `invalid_signature` and nothing is stored (Cal.com signs no timestamp: a replay is
// one more delivery of a stored event). Each event is stored once by `cal:<trigger>:<booking uid>`.
//   BOOKING_CREATED          → a call booked, on the lead of the attendee's address
//   BOOKING_RESCHEDULED      → the call moved (its new uid, `rescheduleUid` the old one)
//   BOOKING_CANCELLED        → the call cancelled, with its reason
//   BOOKING_NO_SHOW_UPDATED  → the attendee did not come (an update clearing it is ignored)
//   MEETING_ENDED            → the call was held
// 200 { outcome }, 400 invalid_json, 401 invalid_signature, 413 too_large, 422 invalid_fields, 503 not_configured
// (no secret) or unavailable (the store failed: Cal.com delivers again).
import type { Config } from '@netlify/functions';
import { schedulerWebhook } from '../../src/features/leads/booking-webhook.ts';
import { calEvent } from '../../src/features/leads/scheduler-events.ts';
import { CAL_SIGNATURE_HEADER, calSignatureValid } from '../../src/features/leads/booking-signatures.ts';
import { stageOnBooking } from '../../src/features/pipeline/stage.ts';
import { withErrors } from '../../src/server/http.ts';

export default withErrors((request, context) =>
  schedulerWebhook(
    {
      provider: 'cal',
      setting: 'CAL_WEBHOOK_SECRET',
      verify: (body, headers, secret) => calSignatureValid(body, headers.get(CAL_SIGNATURE_HEADER), secret),
      read: calEvent,
      onBooked: stageOnBooking,
    },
    request,
    context,
  ),
);

export const config: Config = { path: '/api/webhooks/cal', method: 'POST' };
