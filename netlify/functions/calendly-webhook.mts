// POST /api/webhooks/calendly: Calendly's webhook subscription (docs/decisions/0046-bookings-from-the-schedulers.md).
// No session: the request must carry `Calendly-Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` signed
// with CALENDLY_WEBHOOK_SIGNING_KEY, within three minutes of now, else 401 `invalid_signature` and nothing is stored.
// Each event is stored once by `calendly:<event>:<invitee URI>`: a delivery again answers 200 { outcome: 'duplicate' }.
//   invitee.created          → a call booked (or the new half of a reschedule), on the lead of the invitee's address
//   invitee.canceled         → the call cancelled (or the old half of a reschedule: `rescheduled: true`)
//   invitee_no_show.created  → the invitee did not come
// 200 { outcome }, 400 invalid_json, 401 invalid_signature, 413 too_large, 422 invalid_fields (no invitee or
// address), 503 not_configured (no key) or unavailable (the store failed: Calendly delivers again).
import type { Config } from '@netlify/functions';
import { schedulerWebhook } from '../../src/features/leads/booking-webhook.ts';
import { calendlyEvent } from '../../src/features/leads/scheduler-events.ts';
import { CALENDLY_SIGNATURE_HEADER, calendlySignatureValid } from '../../src/features/leads/booking-signatures.ts';
import { stageOnBooking } from '../../src/features/pipeline/stage.ts';
import { withErrors } from '../../src/server/http.ts';

export default withErrors((request, context) =>
  schedulerWebhook(
    {
      provider: 'calendly',
      setting: 'CALENDLY_WEBHOOK_SIGNING_KEY',
      verify: (body, headers, key, now) =>
        calendlySignatureValid(body, headers.get(CALENDLY_SIGNATURE_HEADER), key, now),
      read: calendlyEvent,
      onBooked: stageOnBooking,
    },
    request,
    context,
  ),
);

export const config: Config = { path: '/api/webhooks/calendly', method: 'POST' };
