/** The Leads list's calls (docs/decisions/0046-bookings-from-the-schedulers.md): the next call and the two filters. */
import { describe, expect, it } from 'vitest';
import { calendlyBody, calendlyInviteeUri } from '../../../scripts/lib/scheduler-stand-in.ts';
import { exportLeads, leadsQuery, listLeads } from '../../../src/features/leads/leads.ts';
import { ApiError } from '../../../src/server/errors.ts';
import { parseCsv } from '../csv-parse.ts';
import { useBookings } from './booking-harness.ts';

const { handle, calendly } = useBookings();

const now = new Date('2026-12-09T12:00:00Z');
const soon = new Date('2026-12-11T16:00:00Z');
const list = async (params: string) =>
  (await listLeads(handle.db, leadsQuery(new URL(`http://localhost/api/admin/leads?${params}`), 'me', now))).items;

async function book(
  email: string,
  startsAt: Date,
  then?: 'invitee.canceled' | 'invitee_no_show.created',
  host?: string,
) {
  const person = { uri: calendlyInviteeUri(), email, name: email.split('@')[0], startsAt, host };
  await calendly(calendlyBody('invitee.created', person, new Date('2026-12-08T10:00:00Z')));
  if (then) await calendly(calendlyBody(then, person, new Date('2026-12-09T10:00:00Z')));
}

describe('the Leads list and its calls', () => {
  it('shows the next call, and filters the leads with a call booked, and those cancelled or missed', async () => {
    await book('on@lab.example', soon);
    await book('past@lab.example', new Date('2026-12-01T16:00:00Z'));
    await book('off@lab.example', soon, 'invitee.canceled');
    await book('gone@lab.example', new Date('2026-12-08T16:00:00Z'), 'invitee_no_show.created');
    // Cancelled, then booked again: on the calendar, not missed.
    await book('again@lab.example', soon, 'invitee.canceled');
    await book('again@lab.example', new Date('2026-12-14T16:00:00Z'));

    const all = await list('');
    const by = (email: string) => all.find((l) => l.email === email)!;
    expect(by('on@lab.example')).toMatchObject({
      nextCall: { startsAt: soon, eventType: 'Strategy Call' },
      lastCall: 'booked',
      forms: ['booking'],
    });
    expect(by('past@lab.example').nextCall).toBeNull();
    expect(by('off@lab.example')).toMatchObject({ nextCall: null, lastCall: 'cancelled' });
    expect(by('gone@lab.example')).toMatchObject({ nextCall: null, lastCall: 'no_show' });

    expect((await list('call=booked')).map((l) => l.email).sort()).toEqual(['again@lab.example', 'on@lab.example']);
    expect((await list('call=missed')).map((l) => l.email).sort()).toEqual(['gone@lab.example', 'off@lab.example']);
    expect((await list('form=booking')).length).toBe(5);
  });

  it('exports each lead’s call in the CSV: the next start, the last state, the event type and host', async () => {
    await book('on@lab.example', soon, undefined, 'Ana Host');
    await book('off@lab.example', soon, 'invitee.canceled', 'Ben Host');
    await book('gone@lab.example', new Date('2026-12-08T16:00:00Z'), 'invitee_no_show.created');
    await book('past@lab.example', new Date('2026-12-01T16:00:00Z'), undefined, 'Dee Host');
    // Cancelled, then booked again with someone else: the new call is the one the CSV names.
    await book('again@lab.example', soon, 'invitee.canceled', 'Ben Host');
    await book('again@lab.example', new Date('2026-12-14T16:00:00Z'), undefined, 'Cy Host');

    const csv = await exportLeads(handle.db, leadsQuery(new URL('http://localhost/api/admin/leads'), 'me', now));
    const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
    const columns = ['email', 'next_call_at', 'call_state', 'call_event_type', 'call_host'];
    expect(header).toEqual(expect.arrayContaining(columns));
    const cells = rows
      .map((row) => columns.map((c) => row[header!.indexOf(c)]))
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(cells).toEqual([
      ['again@lab.example', '2026-12-14T16:00:00.000Z', 'booked', 'Strategy Call', 'Cy Host'],
      ['gone@lab.example', '', 'no_show', 'Strategy Call', 'Bo Lesta'],
      ['off@lab.example', '', 'cancelled', 'Strategy Call', 'Ben Host'],
      ['on@lab.example', soon.toISOString(), 'booked', 'Strategy Call', 'Ana Host'],
      ['past@lab.example', '', 'booked', 'Strategy Call', 'Dee Host'],
    ]);
  });

  it('answers an unknown call filter 422, naming it', () => {
    try {
      leadsQuery(new URL('http://localhost/api/admin/leads?call=soon'), 'me', now);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).fields).toEqual({ call: 'Use booked or missed' });
    }
  });
});
