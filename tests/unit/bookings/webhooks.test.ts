/**
 * The schedulers' webhooks (docs/decisions/0046-bookings-from-the-schedulers.md): each provider's own signature
 * scheme, one booking per event however often and in whatever order it comes, the booking on its lead.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  calBody,
  calendlyBody,
  calendlyInviteeUri,
  signCal,
  signCalendly,
} from '../../../scripts/lib/scheduler-stand-in.ts';
import { CAL_SECRET, CALENDLY_KEY, useBookings } from './booking-harness.ts';

const { calendly, cal, stored } = useBookings();

const start = new Date('2026-12-11T16:00:00Z'); // Fri 11 Dec, 11:00 in New York
const invitee = (email = 'ada@lab.example') => ({
  uri: calendlyInviteeUri(),
  email,
  name: 'Ada Quill',
  startsAt: start,
});

describe('POST /api/webhooks/calendly: Calendly’s signature', () => {
  it('stores a signed invitee.created', async () => {
    const res = await calendly(calendlyBody('invitee.created', invitee()));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ outcome: 'stored' });
    expect((await stored()).bookings).toHaveLength(1);
  });

  it.each([
    ['forged (another key)', (body: string) => signCalendly('not-the-site-signing-key-at-all', body)],
    [
      'stale (signed 4 minutes ago)',
      (body: string) => signCalendly(CALENDLY_KEY, body, new Date(Date.now() - 240_000)),
    ],
    [
      'from the future (4 minutes ahead)',
      (body: string) => signCalendly(CALENDLY_KEY, body, new Date(Date.now() + 240_000)),
    ],
    ['unsigned', () => ({ 'content-type': 'application/json' })],
    [
      'signed without its timestamp',
      (body: string) => ({
        'Calendly-Webhook-Signature': signCalendly(CALENDLY_KEY, body)['Calendly-Webhook-Signature']!.replace(
          /^t=\d+,/,
          '',
        ),
      }),
    ],
  ])('answers a %s request 401 invalid_signature and stores nothing', async (_, sign) => {
    const body = calendlyBody('invitee.created', invitee());
    const res = await calendly(body, sign(body));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    expect(await stored()).toMatchObject({ events: [], bookings: [], leads: [] });
  });

  it('refuses a body altered after signing', async () => {
    const body = calendlyBody('invitee.created', invitee());
    const headers = signCalendly(CALENDLY_KEY, body);
    const res = await calendly(body.replace('ada@lab.example', 'eve@evil.example'), headers);
    expect(res.status).toBe(401);
    expect(await stored()).toMatchObject({ events: [], bookings: [], leads: [] });
  });

  it('answers 503 not_configured without a signing key, and stores nothing', async () => {
    vi.stubEnv('CALENDLY_WEBHOOK_SIGNING_KEY', '');
    try {
      const res = await calendly(calendlyBody('invitee.created', invitee()));
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: 'not_configured' } });
      expect((await stored()).events).toEqual([]);
    } finally {
      vi.stubEnv('CALENDLY_WEBHOOK_SIGNING_KEY', CALENDLY_KEY);
    }
  });

  it('answers a signed event without the invitee’s address 422, naming the field', async () => {
    const res = await calendly(calendlyBody('invitee.created', { ...invitee(), email: '' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: { code: 'invalid_fields', fields: { 'payload.email': expect.stringContaining('missing') } },
    });
    expect((await stored()).events).toEqual([]);
  });

  it('stores an event type it does not act on as ignored, once', async () => {
    const body = calendlyBody('routing_form_submission.created', invitee());
    expect(await (await calendly(body)).json()).toEqual({ outcome: 'ignored' });
    expect(await (await calendly(body)).json()).toEqual({ outcome: 'duplicate' });
    expect(await stored()).toMatchObject({ events: [{ kind: 'ignored' }], bookings: [], leads: [] });
  });
});

describe('POST /api/webhooks/cal: Cal.com’s signature', () => {
  const booking = { uid: 'cal-uid-1', email: 'bea@lab.example', name: 'Bea Lab', startsAt: start };

  it('stores a signed BOOKING_CREATED', async () => {
    const res = await cal(calBody('BOOKING_CREATED', booking));
    expect(await res.json()).toEqual({ outcome: 'stored' });
    expect((await stored()).bookings).toMatchObject([{ provider: 'cal', keys: ['cal-uid-1'], status: 'booked' }]);
  });

  it.each([
    ['forged (another secret)', (body: string) => signCal('not-the-site-secret-at-all-000', body)],
    ['unsigned', () => ({ 'content-type': 'application/json' })],
    ['signed with a malformed digest', () => ({ 'X-Cal-Signature-256': 'abc' })],
  ])('answers a %s request 401 and stores nothing', async (_, sign) => {
    const body = calBody('BOOKING_CREATED', booking);
    const res = await cal(body, sign(body));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    expect(await stored()).toMatchObject({ events: [], bookings: [], leads: [] });
  });

  it('refuses a body altered after signing', async () => {
    const body = calBody('BOOKING_CREATED', booking);
    const res = await cal(body.replace('bea@lab.example', 'eve@evil.example'), signCal(CAL_SECRET, body));
    expect(res.status).toBe(401);
    expect(await stored()).toMatchObject({ events: [], bookings: [], leads: [] });
  });

  it('answers 503 not_configured without a secret', async () => {
    vi.stubEnv('CAL_WEBHOOK_SECRET', '');
    try {
      const res = await cal(calBody('BOOKING_CREATED', booking));
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: 'not_configured' } });
    } finally {
      vi.stubEnv('CAL_WEBHOOK_SECRET', CAL_SECRET);
    }
  });
});

describe('each event stored once by the provider’s own id', () => {
  it('takes the same invitee.created five times as one booking', async () => {
    const body = calendlyBody('invitee.created', invitee());
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await (await calendly(body)).json()).outcome);
    expect(outcomes).toEqual(['stored', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const { events, bookings, leads } = await stored();
    expect([events.length, bookings.length, leads.length]).toEqual([1, 1, 1]);
    expect(leads[0]!.requestCount).toBe(1);
  });

  it('takes five deliveries at once as one booking', async () => {
    const body = calendlyBody('invitee.created', invitee());
    const answers = await Promise.all(Array.from({ length: 5 }, () => calendly(body)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const { events, bookings } = await stored();
    expect([events.length, bookings.length]).toEqual([1, 1]);
  });

  /** A Calendly reschedule: the old invitee cancelled (rescheduled) and the new one created, each naming the other. */
  function reschedule() {
    const old = calendlyInviteeUri();
    const fresh = calendlyInviteeUri();
    const later = new Date('2026-12-18T20:00:00Z');
    const t0 = new Date('2026-12-08T10:00:00Z');
    const t1 = new Date('2026-12-09T10:00:00Z');
    return {
      created: calendlyBody('invitee.created', { ...invitee(), uri: old }, t0),
      cancelOld: calendlyBody('invitee.canceled', { ...invitee(), uri: old, newInvitee: fresh }, t1),
      createNew: calendlyBody('invitee.created', { ...invitee(), uri: fresh, startsAt: later, oldInvitee: old }, t1),
      keys: [old, fresh].sort(),
      later,
    };
  }

  it.each([
    ['cancel first', (r: ReturnType<typeof reschedule>) => [r.created, r.cancelOld, r.createNew]],
    ['create first', (r: ReturnType<typeof reschedule>) => [r.created, r.createNew, r.cancelOld]],
    ['both halves before the booking', (r: ReturnType<typeof reschedule>) => [r.cancelOld, r.createNew, r.created]],
    ['new half first of all', (r: ReturnType<typeof reschedule>) => [r.createNew, r.created, r.cancelOld]],
  ])('ends a reschedule delivered %s in one booking at the new time', async (_, order) => {
    const r = reschedule();
    for (const body of order(r)) expect((await calendly(body)).status).toBe(200);
    // Each again, in reverse: nothing changes.
    for (const body of order(r).reverse())
      expect(await (await calendly(body)).json()).toEqual({ outcome: 'duplicate' });
    const { events, bookings } = await stored();
    expect(events).toHaveLength(3);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      status: 'booked',
      keys: r.keys,
      startsAt: r.later,
      eventType: 'Strategy Call',
    });
    expect(new Set(events.map((e) => e.bookingId))).toEqual(new Set([bookings[0]!.id]));
  });

  it('ends a cancellation delivered before its booking as one cancelled booking', async () => {
    const person = invitee();
    const t0 = new Date('2026-12-08T10:00:00Z');
    const t1 = new Date('2026-12-09T10:00:00Z');
    await calendly(calendlyBody('invitee.canceled', { ...person, reason: 'Travelling' }, t1));
    await calendly(calendlyBody('invitee.created', person, t0));
    expect((await stored()).bookings).toMatchObject([{ status: 'cancelled', cancelReason: 'Travelling' }]);
  });

  it('ends a Cal.com reschedule in one booking whichever half comes first', async () => {
    const first = { uid: 'cal-a', email: 'cy@lab.example', startsAt: start };
    const moved = {
      uid: 'cal-b',
      email: 'cy@lab.example',
      startsAt: new Date('2026-12-12T15:00:00Z'),
      rescheduleUid: 'cal-a',
    };
    await cal(calBody('BOOKING_RESCHEDULED', moved, new Date('2026-12-09T00:00:00Z')));
    await cal(calBody('BOOKING_CREATED', first, new Date('2026-12-08T00:00:00Z')));
    expect((await stored()).bookings).toMatchObject([
      { keys: ['cal-a', 'cal-b'], status: 'booked', startsAt: new Date('2026-12-12T15:00:00Z') },
    ]);
  });
});
