/**
 * The portal's System page (GET /api/admin/system, admins only): the health check's detail in words, with what to
 * do, plus queued deletions and each schedule's last run (src/features/system/system.ts).
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as systemFn from '../../../netlify/functions/admin-system.mts';
import type { SystemReply } from '../../../src/features/system/contract.ts';
import { blobDeletions } from '../../../src/db/schema.ts';
import { scheduledRun } from '../../../src/features/system/scheduled-runs.ts';
import { addMail, errorOf, request, seedStaff, signIn, useAdminDatabase } from '../staff-harness.ts';
import { useLocalBlobs } from '../test-blobs.ts';
import { quietConsole } from '../test-db.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

useLocalBlobs('admin-system-test');
const handle = useAdminDatabase({ truncate: ['mail_outbox', 'blob_deletions', 'scheduled_runs'] });
quietConsole('error');
beforeEach(async () => {
  await seedStaff(handle);
  signIn('admin');
});

const report = async () => {
  const res = await request(systemFn, 'GET', '/api/admin/system');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return (await res.json()) as SystemReply;
};
const part = (r: SystemReply, id: string) => r.sections.find((s) => s.id === id)!;

describe('GET /api/admin/system', () => {
  it('says in words that a mail was refused, that a deletion waits and how each schedule ran, with what to do', async () => {
    await addMail(handle, { lastError: 'Resend answered 403: The domain agency.com is not verified.' });
    await handle.db.insert(blobDeletions).values({
      store: 'documents',
      key: 'lead/deck.pdf',
      leadId: randomUUID(),
      createdAt: new Date(Date.now() - 5 * 24 * 3_600_000),
    });
    await scheduledRun(handle.db, 'mail-drain', async () => ({ sent: 0 }));
    await expect(
      scheduledRun(handle.db, 'housekeeping', () => Promise.reject(new Error('Blobs answered 500 at https://x.y/z'))),
    ).rejects.toThrow();

    const r = await report();
    expect(r.ok).toBe(false);
    expect(r.sections.map((s) => s.id)).toEqual([
      'deploy',
      'database',
      'settings',
      'mail',
      'replies',
      'bookings',
      'documents',
      'deletions',
      'schedules',
    ]);
    expect(part(r, 'database')).toMatchObject({ ok: true, todo: null });
    expect(part(r, 'mail')).toMatchObject({
      ok: false,
      summary: 'Mail is not going out: Resend refused the latest mail.',
      details: [
        'Resend refused the latest mail: “Resend answered 403: The domain agency.com is not verified.”.',
        '0 mail waiting to be sent, 1 given up (Mail tab → Retry).',
      ],
    });
    expect(part(r, 'deletions')).toMatchObject({
      ok: false,
      summary: '1 document of erased people still waits to be deleted from storage, the oldest since 5 days ago.',
      todo: expect.stringContaining('more than three days'),
    });
    const schedules = part(r, 'schedules');
    expect(schedules.ok).toBe(false);
    expect(schedules.details).toEqual([
      'Sending queued mail: last ran just now.',
      'Alerts for leads waiting on a reply: has not run yet.',
      'Removing abandoned document uploads: has not run yet.',
      'Daily housekeeping and the privacy retention sweep: failed just now: “Blobs answered 500 at [address]”.',
      "Monday's summary mail to admins: has not run yet.",
    ]);
    expect(schedules.todo).toContain('Logs → Functions');
  });

  it('never calls placeholder contact details the agency’s own: on a computer it lists them, with what to do before going live', async () => {
    // The test run is not deployed and its Site settings are the repository's placeholders (phone, address, LinkedIn).
    const settings = part(await report(), 'settings');
    expect(settings.ok).toBe(true);
    expect(settings.verdict).toBe('fine on this computer only');
    expect(settings.summary).not.toContain('the agency’s own');
    expect(settings.details.length).toBeGreaterThan(0);
    expect(settings.details.some((line) => line.includes('placeholder'))).toBe(true);
    expect(settings.details.every((line) => !line.endsWith('(local use only)'))).toBe(true);
    expect(settings.todo).toMatch(/^Before the site goes live: In Netlify/);
  });

  it('names the refusal of the latest mail in words, with what to do at Resend', async () => {
    vi.stubEnv('RESEND_API_KEY', 're_test_key_for_the_system_page');
    try {
      await addMail(handle, { lastError: 'The domain agency.com is not verified.' });
      const mail = part(await report(), 'mail');
      expect(mail).toMatchObject({
        ok: false,
        summary: 'Mail is not going out: Resend refused the latest mail.',
        todo: expect.stringContaining('Domains → your sending domain must say Verified'),
      });
      expect(mail.details[0]).toBe('Resend refused the latest mail: “The domain agency.com is not verified.”.');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is for admins only', async () => {
    signIn('editor');
    const res = await request(systemFn, 'GET', '/api/admin/system');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
  });
});
