/**
 * A booking is a lead (docs/decisions/0046-bookings-from-the-schedulers.md): it joins or makes the lead of the
 * invitee's address, answers the lead's open request, a cancellation or no-show puts it back as waiting on us, the
 * owner (or the staff inbox) is told, and the timeline says what happened in the agency's words.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as contact from '../../../netlify/functions/contact.mts';
import { calBody, calendlyBody, calendlyInviteeUri } from '../../../scripts/lib/scheduler-stand-in.ts';
import { site } from '../../../src/config/site.ts';
import { leads } from '../../../src/db/schema.ts';
import { getLead } from '../../../src/features/leads/lead-timeline.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { call } from '../function-harness.ts';
import { seedStaff, staff } from '../staff-harness.ts';
import { useBookings } from './booking-harness.ts';

const { handle, calendly, cal, leadOf, mails } = useBookings();

const start = new Date('2026-12-11T16:00:00Z'); // Fri 11 Dec, 11:00 in New York, 17:00 in Berlin
const booked = new Date('2026-12-08T10:00:00Z');

async function writeFirst(email: string) {
  const res = await call(contact.default, '/api/contact', { ...contactPayload(), email });
  expect(res.status).toBe(201);
  return (await leadOf(email))!;
}

describe('a booking moves the deal on (docs/decisions/0047-pipeline.md)', () => {
  it('moves a new lead to Call booked through the webhook, on its timeline, and leaves a deal further on alone', async () => {
    const lead = await writeFirst('nia@lab.example');
    expect(lead.stage).toBe('new');
    await calendly(
      calendlyBody(
        'invitee.created',
        { uri: calendlyInviteeUri(), email: lead.email, name: 'Nia', startsAt: start },
        booked,
      ),
    );
    expect((await leadOf('nia@lab.example'))!.stage).toBe('call');
    const { timeline } = await getLead(handle.db, lead.id);
    expect(timeline.filter((e) => e.kind === 'stage')).toMatchObject([{ from: 'new', to: 'call' }]);

    const further = await writeFirst('ola@lab.example');
    await handle.db.update(leads).set({ stage: 'proposal' }).where(eq(leads.id, further.id));
    await calendly(
      calendlyBody(
        'invitee.created',
        { uri: calendlyInviteeUri(), email: further.email, name: 'Ola', startsAt: start },
        booked,
      ),
    );
    expect((await leadOf('ola@lab.example'))!.stage).toBe('proposal');
  });
});

describe('a booking answers the lead’s open request', () => {
  it('stops the clock of a lead that wrote first, and starts none of its own', async () => {
    const before = await writeFirst('ada@lab.example');
    expect(before.awaitingSince).not.toBeNull();
    const uri = calendlyInviteeUri();
    await calendly(
      calendlyBody('invitee.created', { uri, email: 'Ada@Lab.example', name: 'Ada Quill', startsAt: start }, booked),
    );
    const after = (await leadOf('ada@lab.example'))!;
    expect(after.id).toBe(before.id); // one lead per person, the address compared case-insensitively
    expect(after).toMatchObject({ awaitingSince: null, responseDueAt: null, requestCount: 2 });
    expect(after.firstResponseAt).not.toBeNull();
  });

  it('puts the lead back as waiting on us, with a due time, on a no-show', async () => {
    await writeFirst('bo@lab.example');
    const uri = calendlyInviteeUri();
    const person = { uri, email: 'bo@lab.example', name: 'Bo Lab', startsAt: start };
    await calendly(calendlyBody('invitee.created', person, booked));
    expect((await leadOf('bo@lab.example'))!.awaitingSince).toBeNull();
    await calendly(calendlyBody('invitee_no_show.created', person, new Date('2026-12-11T16:20:00Z')));
    const lead = (await leadOf('bo@lab.example'))!;
    expect(lead.awaitingSince).not.toBeNull();
    expect(lead.responseDueAt!.getTime()).toBeGreaterThan(lead.awaitingSince!.getTime());
  });

  it('reopens a lead whose call was cancelled, and a booking that made the lead starts no wait', async () => {
    const uri = calendlyInviteeUri();
    const person = { uri, email: 'cy@lab.example', name: 'Cy Lab', startsAt: start };
    await calendly(calendlyBody('invitee.created', person, booked));
    expect((await leadOf('cy@lab.example'))!).toMatchObject({
      awaitingSince: null,
      firstForm: 'booking',
      requestCount: 1,
    });
    await calendly(
      calendlyBody('invitee.canceled', { ...person, reason: 'Travelling' }, new Date('2026-12-09T10:00:00Z')),
    );
    expect((await leadOf('cy@lab.example'))!.awaitingSince).not.toBeNull();
  });
});

describe('where the visit began', () => {
  it('makes the link’s campaign the first touch of a lead the booking made', async () => {
    const tracking = { utm_source: 'LinkedIn', utm_campaign: 'cro-q1', utm_medium: 'social' };
    await calendly(calendlyBody('invitee.created', { email: 'di@lab.example', startsAt: start, tracking }, booked));
    expect((await leadOf('di@lab.example'))!).toMatchObject({
      source: 'linkedin',
      attribution: { utmSource: 'LinkedIn', utmCampaign: 'cro-q1', utmMedium: 'social' },
    });
  });

  it('takes Cal.com’s hidden questions, the landing path and referrer too, and drops a malformed one', async () => {
    const responses = {
      utm_source: 'newsletter',
      landing_path: '/services/cro',
      referrer: 'https://news.example/x?y=1',
    };
    await cal(calBody('BOOKING_CREATED', { email: 'ed@lab.example', startsAt: start, responses }, booked));
    expect((await leadOf('ed@lab.example'))!.attribution).toEqual({
      utmSource: 'newsletter',
      landingPath: '/services/cro',
    });
  });

  it('takes the campaign when the booking that carried it comes after its reschedule', async () => {
    const old = calendlyInviteeUri();
    const fresh = calendlyInviteeUri();
    const tracking = { utm_source: 'linkedin', utm_campaign: 'cro-q1' };
    const person = { email: 'hy@lab.example', startsAt: start };
    await calendly(
      calendlyBody('invitee.created', { ...person, uri: fresh, oldInvitee: old }, new Date('2026-12-09T10:00:00Z')),
    );
    expect((await leadOf('hy@lab.example'))!.source).toBe('direct');
    await calendly(calendlyBody('invitee.created', { ...person, uri: old, tracking }, booked));
    expect((await leadOf('hy@lab.example'))!).toMatchObject({
      source: 'linkedin',
      attribution: { utmCampaign: 'cro-q1' },
    });
  });

  it('keeps the first touch of a lead that had one, and fills it for a lead that had none', async () => {
    await writeFirst('fay@lab.example');
    await handle.db
      .update(leads)
      .set({ attribution: { utmSource: 'google' }, source: 'google' })
      .where(eq(leads.emailKey, 'fay@lab.example'));
    await writeFirst('gus@lab.example');
    await handle.db
      .update(leads)
      .set({ attribution: {}, source: 'direct' })
      .where(eq(leads.emailKey, 'gus@lab.example'));
    for (const email of ['fay@lab.example', 'gus@lab.example'])
      await calendly(
        calendlyBody(
          'invitee.created',
          { email, startsAt: start, tracking: { utm_source: 'linkedin', utm_campaign: 'cro-q1' } },
          booked,
        ),
      );
    expect((await leadOf('fay@lab.example'))!).toMatchObject({
      source: 'google',
      attribution: { utmSource: 'google' },
    });
    expect((await leadOf('gus@lab.example'))!).toMatchObject({
      source: 'linkedin',
      attribution: { utmCampaign: 'cro-q1' },
    });
  });
});

describe('the owner is told', () => {
  it('mails the staff inbox for an unowned lead, and the owner once the lead has one, with the answers', async () => {
    vi.stubEnv('SLACK_WEBHOOK_URL', 'https://hooks.slack.com/services/T000/B000/XXXX');
    try {
      const person = {
        uri: calendlyInviteeUri(),
        email: 'hal@lab.example',
        name: 'Hal Lab',
        startsAt: start,
        answers: [{ question: 'What should we prepare?', answer: 'Our CRO numbers' }],
      };
      await calendly(calendlyBody('invitee.created', person, booked));
      await seedStaff(handle);
      await handle.db.update(leads).set({ ownerId: staff.editor.id }).where(eq(leads.emailKey, 'hal@lab.example'));
      await calendly(
        calendlyBody('invitee.canceled', { ...person, reason: 'Budget frozen' }, new Date('2026-12-09T10:00:00Z')),
      );
      const sent = (await mails()).filter((m) => m.kind.includes('booking'));
      expect(sent.map((m) => [m.kind, m.to, m.subject])).toEqual([
        ['lead.booking-booked', site.staffInbox, 'Hal Lab booked a strategy call for Fri 11 Dec, 11:00'],
        ['slack.booking-booked', 'slack', 'Hal Lab booked a strategy call for Fri 11 Dec, 11:00'],
        ['lead.booking-cancelled', staff.editor.email, 'Hal Lab cancelled the strategy call for Fri 11 Dec, 11:00'],
        ['slack.booking-cancelled', 'slack', 'Hal Lab cancelled the strategy call for Fri 11 Dec, 11:00'],
      ]);
      expect(sent[0]!.textBody).toContain('Our CRO numbers');
      expect(sent[2]!.textBody).toContain('Budget frozen');
      expect(sent[3]!.textBody).toContain('Our CRO numbers');
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv('CALENDLY_WEBHOOK_SIGNING_KEY', 'calendly-signing-key-of-the-tests-0123');
      vi.stubEnv('CAL_WEBHOOK_SECRET', 'cal-webhook-secret-of-the-tests-4567');
    }
  });
});

describe('the lead’s timeline', () => {
  it('says each booking, reschedule, cancellation, no-show and end in words, with the call’s details', async () => {
    const old = calendlyInviteeUri();
    const moved = calendlyInviteeUri();
    const person = {
      email: 'ivy@lab.example',
      name: 'Ivy Lab',
      timeZone: 'Europe/Berlin',
      answers: [{ question: 'Your website', answer: 'https://lab.example' }],
      joinUrl: 'https://meet.google.com/xyz',
      host: 'Bo Lesta',
    };
    await calendly(calendlyBody('invitee.created', { ...person, uri: old, startsAt: start }, booked));
    await calendly(
      calendlyBody(
        'invitee.canceled',
        { ...person, uri: old, startsAt: start, newInvitee: moved },
        new Date('2026-12-09T10:00:00Z'),
      ),
    );
    await calendly(
      calendlyBody(
        'invitee.created',
        { ...person, uri: moved, oldInvitee: old, startsAt: new Date('2026-12-18T20:00:00Z') },
        new Date('2026-12-09T10:00:00Z'),
      ),
    );
    await calendly(
      calendlyBody(
        'invitee.canceled',
        { ...person, uri: moved, startsAt: new Date('2026-12-18T20:00:00Z'), reason: 'Travelling' },
        new Date('2026-12-10T10:00:00Z'),
      ),
    );
    await cal(
      calBody(
        'BOOKING_CREATED',
        { uid: 'cal-ivy', email: 'ivy@lab.example', eventTitle: 'U.S. Market Call', startsAt: start },
        new Date('2026-12-10T11:00:00Z'),
      ),
    );
    await cal(
      calBody(
        'BOOKING_NO_SHOW_UPDATED',
        { uid: 'cal-ivy', email: 'ivy@lab.example', startsAt: start },
        new Date('2026-12-11T16:30:00Z'),
      ),
    );
    await cal(
      calBody(
        'MEETING_ENDED',
        { uid: 'cal-ivy', email: 'ivy@lab.example', startsAt: start },
        new Date('2026-12-11T16:40:00Z'),
      ),
    );
    const lead = (await leadOf('ivy@lab.example'))!;
    const { timeline } = await getLead(handle.db, lead.id);
    const calls = timeline.filter((e) => e.kind === 'booking');
    expect(calls.map((e) => e.title)).toEqual([
      'Booked a strategy call for Fri 11 Dec, 11:00',
      'Rescheduled to Fri 18 Dec, 15:00',
      'Cancelled (Travelling)',
      'Booked a U.S. market call for Fri 11 Dec, 11:00',
      'No-show',
      'Held',
    ]);
    expect(calls[0]).toMatchObject({
      what: 'booked',
      times: 'Fri 11 Dec, 11:00 New York time · Fri 11 Dec, 17:00 Europe/Berlin (theirs)',
      answers: [{ question: 'Your website', answer: 'https://lab.example' }],
      location: 'https://meet.google.com/xyz',
      host: 'Bo Lesta',
    });
  });
});
