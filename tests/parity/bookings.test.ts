/**
 * The schedulers' webhooks on the deployed path (docs/decisions/0046-bookings-from-the-schedulers.md): the functions
 * as Netlify bundles and runs them, each provider's signature checked, PostgreSQL 15 through Netlify Database's
 * driver; a reschedule delivered new half first still makes one call on one lead.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingEvents, bookings, leads } from '../../src/db/schema.ts';
import {
  calBody,
  calendlyBody,
  calendlyInviteeUri,
  signCal,
  signCalendly,
} from '../../scripts/lib/scheduler-stand-in.ts';
import { database, parity, site } from './helpers.ts';

const post = (path: string, body: string, headers: Record<string, string>) =>
  site('production', path, { method: 'POST', body, headers });

describe('POST /api/webhooks/calendly and /api/webhooks/cal (production)', () => {
  it('puts a signed booking and its reschedule on one lead once, and refuses a forged one', async () => {
    const { db } = await database();
    const email = `parity-call-${randomUUID()}@example.com`;
    const old = calendlyInviteeUri();
    const fresh = calendlyInviteeUri();
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const created = calendlyBody('invitee.created', {
      uri: old,
      email,
      startsAt,
      tracking: { utm_source: 'linkedin' },
    });
    const moved = calendlyBody('invitee.created', {
      uri: fresh,
      email,
      startsAt: new Date(startsAt.getTime() + 86_400_000),
      oldInvitee: old,
    });
    const cancelOld = calendlyBody('invitee.canceled', { uri: old, email, startsAt, newInvitee: fresh });
    const key = parity.schedulers.calendlyKey;

    expect(
      (await post('/api/webhooks/calendly', created, signCalendly('not-the-production-key-at-all', created))).status,
    ).toBe(401);
    expect(await db.select().from(leads).where(eq(leads.emailKey, email))).toEqual([]);
    for (const body of [moved, created, cancelOld, moved])
      expect((await post('/api/webhooks/calendly', body, signCalendly(key, body))).status).toBe(200);
    const [lead] = await db.select().from(leads).where(eq(leads.emailKey, email));
    expect(lead).toMatchObject({ firstForm: 'booking', source: 'linkedin', awaitingSince: null });
    const calls = await db.select().from(bookings).where(eq(bookings.leadId, lead!.id));
    expect(calls).toMatchObject([{ status: 'booked', startsAt: new Date(startsAt.getTime() + 86_400_000) }]);
    expect(await db.select().from(bookingEvents).where(eq(bookingEvents.leadId, lead!.id))).toHaveLength(3);

    const calBooking = calBody('BOOKING_CREATED', { email, startsAt });
    expect((await post('/api/webhooks/cal', calBooking, signCal('not-the-production-secret', calBooking))).status).toBe(
      401,
    );
    const answer = await post('/api/webhooks/cal', calBooking, signCal(parity.schedulers.calSecret, calBooking));
    expect(await answer.json()).toEqual({ outcome: 'stored' });
    expect(await db.select().from(bookings).where(eq(bookings.leadId, lead!.id))).toHaveLength(2);
  });
});
