/** Health's `bookings` line and the System tab's "Booked calls": when each scheduler's webhook last received an event. */
import { describe, expect, it, vi } from 'vitest';
import { calendlyBody, calendlyInviteeUri } from '../../../scripts/lib/scheduler-stand-in.ts';
import { systemReport } from '../../../src/features/system/system.ts';
import { healthReport } from '../../../src/features/system/health.ts';
import { CAL_SECRET, CALENDLY_KEY, useBookings } from './booking-harness.ts';

const { handle, calendly } = useBookings();
const probe = () => Promise.resolve();
const deploy = { id: null, context: null };

describe('when each scheduler last sent an event', () => {
  it('says not set up without the secrets, then when the latest event of each arrived', async () => {
    vi.stubEnv('CALENDLY_WEBHOOK_SIGNING_KEY', '');
    vi.stubEnv('CAL_WEBHOOK_SECRET', '');
    try {
      expect((await healthReport(probe)).checks.bookings).toEqual({
        ok: true,
        detail: 'not set up (CALENDLY_WEBHOOK_SIGNING_KEY, CAL_WEBHOOK_SECRET): bookings are not taken',
      });
      vi.stubEnv('CALENDLY_WEBHOOK_SIGNING_KEY', CALENDLY_KEY);
      expect((await healthReport(probe)).checks.bookings.detail).toBe(
        'Calendly: no event received yet; Cal.com: not set up',
      );
      const before = Date.now();
      await calendly(
        calendlyBody('invitee.created', { uri: calendlyInviteeUri(), email: 'a@lab.example', startsAt: new Date() }),
      );
      vi.stubEnv('CAL_WEBHOOK_SECRET', CAL_SECRET);
      const detail = (await healthReport(probe)).checks.bookings.detail;
      const at = /^Calendly: last event received (\S+); Cal\.com: no event received yet$/.exec(detail)?.[1];
      expect(Date.parse(at!)).toBeGreaterThanOrEqual(before - 1000);
      const section = (await systemReport(handle.db, probe, deploy)).sections.find((s) => s.id === 'bookings');
      expect(section).toMatchObject({
        ok: true,
        title: 'Booked calls',
        summary: `Set up: Calendly: last event received ${new Date(at!).toUTCString()}; Cal.com: no event received yet.`,
      });
    } finally {
      vi.stubEnv('CALENDLY_WEBHOOK_SIGNING_KEY', CALENDLY_KEY);
      vi.stubEnv('CAL_WEBHOOK_SECRET', CAL_SECRET);
    }
  });
});
