/**
 * The set-up of the bookings' tests: each scheduler's secret, its function called the way the runtime does, and
 * what the webhooks stored.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { vi } from 'vitest';
import * as calFn from '../../../netlify/functions/cal-webhook.mts';
import * as calendlyFn from '../../../netlify/functions/calendly-webhook.mts';
import { bookingEvents, bookings, leads, mailOutbox } from '../../../src/db/schema.ts';
import { signCal, signCalendly } from '../../../scripts/lib/scheduler-stand-in.ts';
import { call } from '../function-harness.ts';
import { useAdminDatabase } from '../staff-harness.ts';
import { quietConsole } from '../test-db.ts';

export const CALENDLY_KEY = 'calendly-signing-key-of-the-tests-0123';
export const CAL_SECRET = 'cal-webhook-secret-of-the-tests-4567';

/** The bookings' world for one test file; call once at its top. */
export function useBookings() {
  quietConsole('log');
  const handle = useAdminDatabase({ truncate: ['audit_log', 'mail_outbox', 'booking_events', 'bookings', 'leads'] });
  beforeAll(() => {
    vi.stubEnv('CALENDLY_WEBHOOK_SIGNING_KEY', CALENDLY_KEY);
    vi.stubEnv('CAL_WEBHOOK_SECRET', CAL_SECRET);
  });
  afterAll(() => void vi.unstubAllEnvs());

  /** Posts a Calendly delivery of `body` (signed with the site's key at `at` unless headers are given). */
  const calendly = (body: string, headers = signCalendly(CALENDLY_KEY, body)) =>
    call(calendlyFn.default, '/api/webhooks/calendly', undefined, { raw: body, headers, origin: null });
  /** Posts a Cal.com delivery of `body` (signed with the site's secret unless headers are given). */
  const cal = (body: string, headers = signCal(CAL_SECRET, body)) =>
    call(calFn.default, '/api/webhooks/cal', undefined, { raw: body, headers, origin: null });

  const stored = async () => ({
    events: await handle.db.select().from(bookingEvents),
    bookings: await handle.db.select().from(bookings),
    leads: await handle.db.select().from(leads),
  });
  const leadOf = async (email: string) =>
    (await handle.db.select().from(leads).where(eq(leads.emailKey, email.toLowerCase())))[0];
  const mails = () => handle.db.select().from(mailOutbox);

  return { handle, calendly, cal, stored, leadOf, mails };
}
