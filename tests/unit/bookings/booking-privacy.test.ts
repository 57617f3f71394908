/**
 * A person's booked calls are theirs (docs/privacy.md, docs/decisions/0046-bookings-from-the-schedulers.md): in their
 * export, gone with their erasure (the calls, the scheduler's events and the notices about them), and a scheduler
 * event that reached no lead goes with retention's sweep.
 */
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import { calendlyBody, calendlyInviteeUri } from '../../../scripts/lib/scheduler-stand-in.ts';
import { bookingEvents, bookings, leads, mailOutbox } from '../../../src/db/schema.ts';
import { pseudonymisePreview } from '../../../src/db/preview-data.ts';
import { eraseLead } from '../../../src/features/privacy/erase.ts';
import { purgeUnattachedMailEvents } from '../../../src/features/privacy/retention.ts';
import { request, seedStaff, signIn, staff } from '../staff-harness.ts';
import { stores } from '../privacy/privacy-harness.ts';
import { useLocalBlobs } from '../test-blobs.ts';
import { useBookings } from './booking-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

useLocalBlobs('booking-privacy-test');
const { handle, calendly } = useBookings();

const start = new Date('2026-12-11T16:00:00Z');

/** Ada booked, moved and cancelled a call; Bea booked one. */
async function seed() {
  await seedStaff(handle);
  const old = calendlyInviteeUri();
  const moved = calendlyInviteeUri();
  const ada = {
    email: 'ada@lab.example',
    name: 'Ada Quill',
    answers: [{ question: 'What should we prepare?', answer: 'Ada’s CRO numbers' }],
  };
  await calendly(
    calendlyBody('invitee.created', { ...ada, uri: old, startsAt: start }, new Date('2026-12-08T10:00:00Z')),
  );
  await calendly(
    calendlyBody(
      'invitee.canceled',
      { ...ada, uri: old, startsAt: start, newInvitee: moved },
      new Date('2026-12-09T10:00:00Z'),
    ),
  );
  await calendly(
    calendlyBody(
      'invitee.created',
      { ...ada, uri: moved, oldInvitee: old, startsAt: new Date('2026-12-18T20:00:00Z') },
      new Date('2026-12-09T10:00:00Z'),
    ),
  );
  await calendly(calendlyBody('invitee.created', { email: 'bea@lab.example', name: 'Bea Stone', startsAt: start }));
  const [lead] = await handle.db.select().from(leads).where(eq(leads.emailKey, 'ada@lab.example'));
  return lead!;
}

describe('a person’s booked calls', () => {
  it('are in their export: the call and every event the scheduler sent, nobody else’s', async () => {
    const lead = await seed();
    signIn('admin');
    const res = await request(leadsFn, 'GET', `/api/admin/leads/${lead.id}/export`);
    expect(res.status).toBe(200);
    const person = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))['person.json']!));
    expect(person.bookedCalls).toEqual([
      expect.objectContaining({ inviteeEmail: 'ada@lab.example', status: 'booked', eventType: 'Strategy Call' }),
    ]);
    expect(person.bookedCalls[0].answers).toEqual([
      { question: 'What should we prepare?', answer: 'Ada’s CRO numbers' },
    ]);
    expect(person.schedulerEvents.map((e: { kind: string }) => e.kind).sort()).toEqual([
      'cancelled',
      'created',
      'created',
    ]);
    expect(JSON.stringify(person)).not.toContain('bea@lab.example');
  });

  it('go with their erasure: the calls, the events and the notices about them, and nobody else’s', async () => {
    const lead = await seed();
    const notices = await handle.db.select().from(mailOutbox);
    expect(notices.filter((m) => m.kind === 'lead.booking-booked')).toHaveLength(2);
    const result = await eraseLead(handle.db, stores(), staff.admin, lead.id, { confirm: 'ada@lab.example' });
    expect(result.counts.bookings).toBe(1);
    const left = {
      bookings: await handle.db.select().from(bookings),
      events: await handle.db.select().from(bookingEvents),
      mails: await handle.db.select().from(mailOutbox),
    };
    expect(left.bookings.map((b) => b.inviteeEmail)).toEqual(['bea@lab.example']);
    expect(left.events).toHaveLength(1);
    expect(JSON.stringify(left)).not.toMatch(/ada@lab\.example|Ada Quill|Ada’s CRO/);
    expect(left.mails.filter((m) => m.kind === 'lead.booking-booked')).toHaveLength(1);
  });

  it('lets retention sweep a scheduler event that reached no lead, 30 days after it came', async () => {
    const body = calendlyBody('routing_form_submission.created', { email: 'cy@lab.example', startsAt: start });
    await calendly(body);
    expect(await handle.db.select().from(bookingEvents)).toHaveLength(1);
    expect(await purgeUnattachedMailEvents(handle.db, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await purgeUnattachedMailEvents(handle.db, new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    expect(await handle.db.select().from(bookingEvents)).toEqual([]);
  });
});

describe('a deploy preview’s copy', () => {
  it('invents the invitee: name, address, answers, meeting link and first touch; the call’s times stay', async () => {
    const lead = await seed();
    await pseudonymisePreview(handle.db);
    const calls = await handle.db.select().from(bookings).where(eq(bookings.leadId, lead.id));
    const [invented] = await handle.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      inviteeName: invented!.name,
      inviteeEmail: invented!.email,
      answers: [],
      location: 'Invented for the deploy preview.',
      attribution: null,
      host: 'Bo Lesta', // the agency's own staff, kept as staff accounts are
      startsAt: new Date('2026-12-18T20:00:00Z'),
      status: 'booked',
    });
    const events = await handle.db.select().from(bookingEvents).where(eq(bookingEvents.leadId, lead.id));
    expect(events).toHaveLength(3);
    for (const e of events) expect(e.facts).toMatchObject({ redacted: 'preview', startsAt: expect.any(String) });
    const everything = JSON.stringify([calls, events, await handle.db.select().from(mailOutbox)]);
    expect(everything).not.toMatch(/ada@lab\.example|Ada Quill|Ada’s CRO|bea@lab\.example|Bea Stone|meet\.google/);
  });
});
