// POST /api/webhooks/resend: every event of Resend's webhook (docs/decisions/0040-mail-replies-and-delivery.md).
// No session: the request must carry Svix headers signed with RESEND_WEBHOOK_SECRET (verified by the SDK,
// `resend.webhooks.verify`, with its timestamp tolerance), else 401 `invalid_signature` and nothing is stored.
// Each event is stored once by its Svix id: a delivery again answers 200 { outcome: 'duplicate' }.
//   email.received        → the reply fetched in full (Receiving API), on its lead's timeline, or kept aside
//   email.delivered, email.delivery_delayed, email.bounced, email.complained, email.failed → the outbox row
// 200 { outcome }, 401 invalid_signature, 413 too_large, 503 not_configured (no secret) or unavailable (Resend or
// the store failed: Resend retries the event later).
import type { Config } from '@netlify/functions';
import { platformEnv, webhookSecret } from '../../src/config/platform.ts';
import { getDb } from '../../src/db/client.ts';
import {
  handleEvent,
  MAX_EVENT_BYTES,
  resendClient,
  svixHeaders,
  verifyEvent,
} from '../../src/features/leads/mail-events.ts';
import { checkAttachment } from '../../src/features/uploads/attachment-check.ts';
import { documentsStore, writeDocument } from '../../src/features/uploads/stores.ts';
import { answerOrFail, unavailable } from '../../src/server/errors.ts';
import { readBody } from '../../src/server/guards.ts';
import { allowMethods, apiError, json, requestLabel, withErrors } from '../../src/server/http.ts';
import { drainInBackground } from '../../src/server/mail/sender.ts';

export default withErrors(async (request, context) => {
  const refused = allowMethods(request, ['POST']);
  if (refused) return refused;
  const env = platformEnv();
  const secret = webhookSecret(env);
  if (!secret) {
    return apiError(503, 'not_configured', 'RESEND_WEBHOOK_SECRET is not set: this site takes no webhook events.');
  }
  const headers = svixHeaders(request);
  if (!headers) return apiError(401, 'invalid_signature', 'The webhook signature is missing, wrong or too old.');
  const body = await readBody(request, MAX_EVENT_BYTES);
  if (body === null) return apiError(413, 'too_large', `The event is larger than ${MAX_EVENT_BYTES} bytes.`);
  return answerOrFail(
    async () => {
      const resend = resendClient(env.RESEND_API_KEY);
      const event = verifyEvent(resend, new TextDecoder().decode(body), headers, secret);
      const { db } = await getDb();
      const outcome = await handleEvent(db, headers.id, event, {
        resend,
        checkFile: checkAttachment,
        documents: {
          write: writeDocument,
          remove: (key) => documentsStore().delete(key),
        },
      });
      context.waitUntil(drainInBackground(db));
      return json({ outcome });
    },
    unavailable('The event could not be handled just now; it will be delivered again.'),
    `${requestLabel(request, context)} resend webhook`,
  );
});

export const config: Config = { path: '/api/webhooks/resend', method: 'POST' };
