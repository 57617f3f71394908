/**
 * The schedulers' webhook endpoints (docs/decisions/0046-bookings-from-the-schedulers.md): one answer for both,
 * the provider's signature scheme and payload reader passed in. No session: a request must be signed with the
 * provider's secret, else 401 `invalid_signature` and nothing is stored; without the secret, 503 `not_configured`.
 */
import { schedulerSecret } from '../../config/platform.ts';
import { getDb } from '../../db/client.ts';
import type { BookingProvider } from '../../db/schema.ts';
import { answerOrFail, unavailable } from '../../server/errors.ts';
import { readBody } from '../../server/guards.ts';
import { allowMethods, apiError, json, requestLabel } from '../../server/http.ts';
import { receiveBookingEvent, type BookedHook } from './bookings.ts';
import { MAX_BOOKING_EVENT_BYTES, type SchedulerEvent } from './scheduler-events.ts';

export interface SchedulerScheme {
  provider: BookingProvider;
  /** The variable of its secret, named in the 503. */
  setting: string;
  /** Whether the request's headers sign `body` with `secret`. */
  verify(body: string, headers: Headers, secret: string, now: Date): boolean;
  /** The verified payload, read. */
  read(payload: unknown, now: Date): SchedulerEvent;
  /**
   * What else a new call does, in its transaction (the function passes the pipeline's `stageOnBooking`: a new or
   * qualified deal moves to Call booked; a feature reaches another only through the function that composes them).
   */
  onBooked?: BookedHook;
}

const refused = () => apiError(401, 'invalid_signature', 'The webhook signature is missing, wrong or too old.');

/** Answers one delivery of `scheme`'s webhook: 200 { outcome }, 401, 405, 413, 422, 503. */
export async function schedulerWebhook(
  scheme: SchedulerScheme,
  request: Request,
  context: Parameters<typeof requestLabel>[1],
): Promise<Response> {
  const methodRefused = allowMethods(request, ['POST']);
  if (methodRefused) return methodRefused;
  const secret = schedulerSecret(scheme.provider);
  if (!secret) {
    return apiError(
      503,
      'not_configured',
      `${scheme.setting} is not set: this site takes no ${scheme.provider} events.`,
    );
  }
  const bytes = await readBody(request, MAX_BOOKING_EVENT_BYTES);
  if (bytes === null) return apiError(413, 'too_large', `The event is larger than ${MAX_BOOKING_EVENT_BYTES} bytes.`);
  const body = new TextDecoder().decode(bytes);
  const now = new Date();
  if (!scheme.verify(body, request.headers, secret, now)) return refused();
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return apiError(400, 'invalid_json', 'The event is not JSON.');
  }
  return answerOrFail(
    async () => {
      // A signed payload that names no call or no invitee: a 422 naming the field (thrown by `read`).
      const event: SchedulerEvent = scheme.read(payload, now);
      const { db } = await getDb();
      const outcome = await receiveBookingEvent(db, event, now, scheme.onBooked);
      return json({ outcome });
    },
    unavailable('The event could not be stored just now; it will be delivered again.'),
    `${requestLabel(request, context)} ${scheme.provider} webhook`,
  );
}
