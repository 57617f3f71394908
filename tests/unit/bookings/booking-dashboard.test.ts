/**
 * The Dashboard's calls (docs/decisions/0046-bookings-from-the-schedulers.md): the calls booked in the period per
 * source, campaign and landing page, with how many were held, missed or cancelled, the weekly summary's Calls, and
 * the funnel from the site's visits to the calls held.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calBody, calendlyBody, calendlyInviteeUri } from '../../../scripts/lib/scheduler-stand-in.ts';
import { leads, visitDays } from '../../../src/db/schema.ts';
import { countVisit } from '../../../src/features/funnel/visits.ts';
import type { Attribution } from '../../../src/lib/attribution.ts';
import { getDashboard } from '../../../src/features/dashboard/dashboard.ts';
import { weeklySummaryMail } from '../../../src/features/dashboard/summary-mail.ts';
import { useBookings } from './booking-harness.ts';

const { handle, calendly, cal } = useBookings();

const bookedAt = new Date('2026-11-10T15:00:00Z');
const past = new Date('2026-11-12T16:00:00Z');
const future = new Date('2099-01-01T16:00:00Z');
const linkedin = { utm_source: 'linkedin', utm_campaign: 'cro-q1' };

async function book(email: string, startsAt: Date, tracking: Record<string, string> = {}) {
  const person = { uri: calendlyInviteeUri(), email, startsAt, tracking };
  await calendly(calendlyBody('invitee.created', person, bookedAt));
  return person;
}

/**
 * The period's calls: a, b and c from a LinkedIn campaign (held, no-show, cancelled), d with no first touch (direct),
 * e from Google through Cal.com's landing page (held); a spam lead's call and one before the period, not counted.
 */
async function seed() {
  await book('a@lab.example', past, linkedin); // over and never marked: held
  const b = await book('b@lab.example', past, linkedin);
  await calendly(calendlyBody('invitee_no_show.created', b, new Date('2026-11-12T16:30:00Z')));
  const c = await book('c@lab.example', future, linkedin);
  await calendly(calendlyBody('invitee.canceled', c, new Date('2026-11-11T10:00:00Z')));
  await book('d@lab.example', future); // no first touch at all: direct, as a form sent without one
  const responses = { utm_source: 'google', landing_path: '/services/cro' };
  await cal(calBody('BOOKING_CREATED', { uid: 'e-1', email: 'e@lab.example', startsAt: future, responses }, bookedAt));
  await cal(calBody('MEETING_ENDED', { uid: 'e-1', email: 'e@lab.example', startsAt: future }, bookedAt));
  // A spam lead's call is not counted; a call before the period neither.
  await book('spam@lab.example', past, linkedin);
  await handle.db.update(leads).set({ isSpam: true }).where(eq(leads.emailKey, 'spam@lab.example'));
  await calendly(
    calendlyBody('invitee.created', { email: 'old@lab.example', startsAt: past }, new Date('2026-10-01T12:00:00Z')),
  );
}

describe('the Dashboard’s calls', () => {
  it('counts the period’s calls by source, campaign and landing page, held, missed and cancelled', async () => {
    await seed();
    const reply = await getDashboard(handle.db, { from: '2026-11-09', to: '2026-11-15' });
    expect(reply.totals).toMatchObject({ callsBooked: 5, callsHeld: 2, callsNoShow: 1, callsCancelled: 1 });
    expect(reply.calls.bySource).toEqual([
      { key: 'linkedin', booked: 3, held: 1, noShow: 1, cancelled: 1 },
      { key: 'direct', booked: 1, held: 0, noShow: 0, cancelled: 0 },
      { key: 'google', booked: 1, held: 1, noShow: 0, cancelled: 0 },
    ]);
    expect(reply.calls.byCampaign).toEqual([{ key: 'cro-q1', booked: 3, held: 1, noShow: 1, cancelled: 1 }]);
    expect(reply.calls.byLandingPage).toEqual([{ key: '/services/cro', booked: 1, held: 1, noShow: 0, cancelled: 0 }]);
    // Beside the requests: the leads the calls made are the period's leads, first seen through a booking.
    expect(reply.leadsByForm.find((f) => f.form === 'booking')).toEqual({ form: 'booking', count: 5 });

    const mail = weeklySummaryMail({
      to: 'admin@lab.example',
      week: { from: '2026-11-09', to: '2026-11-15' },
      totals: reply.totals,
      before: reply.totals,
    });
    expect(mail.text).toContain('Calls booked: 5');
    expect(mail.text).toContain('No-shows: 1 of 5 (20%)');
  });

  it('sets the visits beside the leads and the calls held, whole and per source, campaign and landing page', async () => {
    await handle.db.delete(visitDays);
    await seed();
    const visit = (touch: Attribution, times: number, at = new Date('2026-11-10T18:00:00Z')) =>
      Promise.all(Array.from({ length: times }, () => countVisit(handle.db, touch, at)));
    await visit({ landingPath: '/services/digital-marketing', utmSource: 'LinkedIn', utmCampaign: 'cro-q1' }, 10);
    await visit({ landingPath: '/services/cro', referrer: 'https://www.google.com' }, 4);
    await visit({ landingPath: '/' }, 6);
    await visit({ landingPath: '/' }, 3, new Date('2026-11-16T12:00:00Z')); // after the period: not counted

    const reply = await getDashboard(handle.db, { from: '2026-11-09', to: '2026-11-15' });
    expect(reply.visitFunnel.total).toEqual({ key: null, visits: 20, leads: 5, callsBooked: 5, callsHeld: 2 });
    expect(reply.visitFunnel.bySource).toEqual([
      { key: 'linkedin', visits: 10, leads: 3, callsBooked: 3, callsHeld: 1 },
      { key: 'direct', visits: 6, leads: 1, callsBooked: 1, callsHeld: 0 },
      { key: 'google', visits: 4, leads: 1, callsBooked: 1, callsHeld: 1 },
    ]);
    expect(reply.visitFunnel.byCampaign).toEqual([
      { key: 'cro-q1', visits: 10, leads: 3, callsBooked: 3, callsHeld: 1 },
    ]);
    // Calendly passes no landing page back, so only Cal.com's call has one beside its visits.
    expect(reply.visitFunnel.byLandingPage).toEqual([
      { key: '/services/digital-marketing', visits: 10, leads: 0, callsBooked: 0, callsHeld: 0 },
      { key: '/', visits: 6, leads: 0, callsBooked: 0, callsHeld: 0 },
      { key: '/services/cro', visits: 4, leads: 1, callsBooked: 1, callsHeld: 1 },
    ]);
  });
});
