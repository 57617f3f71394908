/**
 * Retention (issue 23): the daily housekeeping erases a lead 24 months and a day after its last activity,
 * keeps a younger one and a client of any age, empties mail bodies after 30 days, and retries queued blob
 * deletions; RETENTION_MONTHS moves the line but never past what the privacy policy promises.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import { auditLog, blobDeletions, leads, mailOutbox } from '../../../src/db/schema.ts';
import { RETENTION_MONTHS_DEFAULT } from '../../../src/features/privacy/contract.ts';
import {
  emptyOldMailBodies,
  purgeOldStaffMail,
  retentionCutoff,
  retentionMonths,
  sweepRetention,
} from '../../../src/features/privacy/retention.ts';
import { MisconfiguredError } from '../../../src/config/platform.ts';
import { addMail, request, signIn, staff, type Actor } from '../staff-harness.ts';
import { documents, seedPeople, stores, usePrivacyDatabase, whereAdaIs } from './privacy-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = usePrivacyDatabase();
const now = new Date('2026-11-26T03:00:00Z');
const day = 86_400_000;
const lastActive = (id: string, at: Date) =>
  handle.db.update(leads).set({ lastActivityAt: at }).where(eq(leads.id, id));
const leadIds = async () => (await handle.db.select({ id: leads.id }).from(leads)).map((l) => l.id).sort();

describe('the retention sweep', () => {
  it('erases a lead 24 months and a day after its last activity, and keeps one a day younger', async () => {
    const seeded = await seedPeople(handle);
    const cutoff = retentionCutoff(now, 24);
    expect(cutoff.toISOString()).toBe('2024-11-26T03:00:00.000Z');
    await lastActive(seeded.leadId, new Date(cutoff.getTime() - day));
    await lastActive(seeded.beaLeadId, new Date(cutoff.getTime() + day));
    const run = await sweepRetention(handle.db, stores(), now, 24);
    expect(run).toMatchObject({ erasedLeads: 1, blobsPending: 0 });
    expect(await leadIds()).toEqual([seeded.beaLeadId]);
    expect(await whereAdaIs(handle)).toEqual([]);
    expect((await documents().list()).blobs.map((b) => b.key)).toEqual([seeded.beaDocumentKey]);
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'lead.erase'));
    expect(row).toMatchObject({ actorId: 'system', actorEmail: 'retention sweep', targetId: seeded.leadId });
    expect(row!.detail).toMatchObject({ reason: 'retention' });
  });

  it('keeps a client however old, and erases the lead once it is no longer one', async () => {
    const seeded = await seedPeople(handle);
    const old = new Date(now.getTime() - 5 * 365 * day);
    await lastActive(seeded.leadId, old);
    signIn('admin');
    const res = await request(leadsFn, 'PUT', `/api/admin/leads/${seeded.leadId}/client`, { isClient: true });
    expect(res.status).toBe(200);
    expect((await res.json()).lead).toMatchObject({ id: seeded.leadId, isClient: true });
    expect((await sweepRetention(handle.db, stores(), now, 24)).erasedLeads).toBe(0);
    expect(await leadIds()).toContain(seeded.leadId);

    await request(leadsFn, 'PUT', `/api/admin/leads/${seeded.leadId}/client`, { isClient: false });
    const logged = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'lead.client'));
    expect(logged.map((r) => [r.actorId, r.detail])).toEqual([
      [staff.admin.id, { from: false, to: true }],
      [staff.admin.id, { from: true, to: false }],
    ]);
    expect((await sweepRetention(handle.db, stores(), now, 24)).erasedLeads).toBe(1);
    expect(await leadIds()).not.toContain(seeded.leadId);
  });

  it('keeps a won deal’s lead however old (a client), and erases it once the deal is reopened', async () => {
    const seeded = await seedPeople(handle);
    signIn('editor');
    const stage = (body: object) => request(leadsFn, 'POST', `/api/admin/leads/${seeded.leadId}/stage`, body);
    expect((await stage({ stage: 'won', value: 5000 })).status).toBe(200);
    await lastActive(seeded.leadId, new Date(now.getTime() - 5 * 365 * day));
    expect((await sweepRetention(handle.db, stores(), now, 24)).erasedLeads).toBe(0);
    expect(await leadIds()).toContain(seeded.leadId);

    expect((await stage({ stage: 'proposal' })).status).toBe(200);
    await lastActive(seeded.leadId, new Date(now.getTime() - 5 * 365 * day));
    expect((await sweepRetention(handle.db, stores(), now, 24)).erasedLeads).toBe(1);
    expect(await leadIds()).not.toContain(seeded.leadId);
  });

  it('retries blob deletions an earlier erasure left queued', async () => {
    await documents().set('orphan-submission/1.pdf', new Blob(['%PDF-1.7']));
    await handle.db.insert(blobDeletions).values({
      store: 'documents',
      key: 'orphan-submission/',
      leadId: '00000000-0000-4000-8000-000000000001',
      attempts: 3,
      lastError: 'store unavailable',
    });
    expect((await sweepRetention(handle.db, stores(), now, 24)).blobsPending).toBe(0);
    expect((await documents().list()).blobs).toEqual([]);
    expect(await handle.db.select().from(blobDeletions)).toEqual([]);
  });

  it.each<[Actor, number]>([
    ['viewer', 403],
    ['editor', 403],
  ])('lets only admins mark a client: %s gets %i', async (actor, status) => {
    const seeded = await seedPeople(handle);
    signIn(actor);
    expect((await request(leadsFn, 'PUT', `/api/admin/leads/${seeded.leadId}/client`, { isClient: true })).status).toBe(
      status,
    );
    signIn('admin');
    expect(
      (await request(leadsFn, 'PUT', `/api/admin/leads/${seeded.leadId}/client`, { isClient: 'yes' })).status,
    ).toBe(422);
  });
});

describe('mail bodies', () => {
  it('are emptied 30 days after the mail was sent, failed or capped; younger and pending ones are kept', async () => {
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const sentOld = await addMail(handle, { status: 'sent', sentAt: ago(31), lastAttemptAt: ago(31) });
    const failedOld = await addMail(handle, { status: 'failed', lastAttemptAt: ago(31), sealed: 'v1.a.b.c' });
    const sentYoung = await addMail(handle, { status: 'sent', sentAt: ago(29), lastAttemptAt: ago(29) });
    const pendingOld = await addMail(handle, { status: 'pending', lastAttemptAt: null, createdAt: ago(40) });
    expect(await emptyOldMailBodies(handle.db, now)).toBe(2);
    const rows = new Map((await handle.db.select().from(mailOutbox)).map((m) => [m.id, m]));
    for (const old of [sentOld, failedOld]) {
      expect(rows.get(old.id)).toMatchObject({
        textBody: '',
        htmlBody: '',
        sealed: null,
        subject: old.subject,
        to: old.to,
      });
    }
    for (const kept of [sentYoung, pendingOld]) expect(rows.get(kept.id)!.textBody).toBe(kept.textBody);
    expect(await emptyOldMailBodies(handle.db, now)).toBe(0);
  });

  it("of no lead are deleted 30 days after they were sent or capped; a lead's, a failed or a younger one stay", async () => {
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const [lead] = await handle.db
      .insert(leads)
      .values({ emailKey: 'kept@lead.example', email: 'kept@lead.example', firstRequestAt: now, lastActivityAt: now })
      .returning({ id: leads.id });
    const staffOld = await addMail(handle, { status: 'sent', sentAt: ago(31), lastAttemptAt: ago(31) });
    const cappedOld = await addMail(handle, { status: 'capped', lastAttemptAt: null, createdAt: ago(31) });
    const leadsOld = await addMail(handle, { status: 'sent', sentAt: ago(31), leadId: lead!.id });
    const failedOld = await addMail(handle, { status: 'failed', lastAttemptAt: ago(31) });
    const staffYoung = await addMail(handle, { status: 'sent', sentAt: ago(29), lastAttemptAt: ago(29) });
    expect(await purgeOldStaffMail(handle.db, now)).toBe(2);
    const left = (await handle.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((m) => m.id);
    expect(left).not.toContain(staffOld.id);
    expect(left).not.toContain(cappedOld.id);
    for (const kept of [leadsOld, failedOld, staffYoung]) expect(left).toContain(kept.id);
    expect((await sweepRetention(handle.db, stores(), now, 24)).purgedMails).toBe(0);
  });
});

describe('RETENTION_MONTHS', () => {
  it('is the policy’s 24 when unset, a smaller whole number when set, and refused otherwise', () => {
    expect(retentionMonths({})).toBe(RETENTION_MONTHS_DEFAULT);
    expect(retentionMonths({ RETENTION_MONTHS: ' 12 ' })).toBe(12);
    for (const bad of ['0', '25', '36', '1.5', 'two years', '-3']) {
      expect(() => retentionMonths({ RETENTION_MONTHS: bad }), bad).toThrow(MisconfiguredError);
    }
    expect(() => retentionMonths({ RETENTION_MONTHS: '36' })).toThrow(/privacy policy/);
  });
});
