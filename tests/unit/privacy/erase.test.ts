/**
 * Erasing one person (issue 23): one request deletes every row that names them and their blobs; the staff
 * action log keeps every action with their details replaced by the lead's opaque id; the erasure is logged;
 * a store failure leaves a queued retry, never a document behind; nobody else is touched.
 */
import { getStore, type Store } from '@netlify/blobs';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import { auditLog, auditReportDeliveries, blobDeletions, leads } from '../../../src/db/schema.ts';
import { hashReportToken } from '../../../src/features/reports/token.ts';
import { drainBlobDeletions } from '../../../src/features/privacy/blob-queue.ts';
import { ERASED } from '../../../src/features/privacy/erase.ts';
import { DOCUMENTS_STORE } from '../../../src/features/uploads/stores.ts';
import { errorOf, request, signIn, staff, type Actor } from '../staff-harness.ts';
import {
  ada,
  bea,
  documents,
  namesAda,
  parts,
  seedPeople,
  stores,
  usePrivacyDatabase,
  whereAdaIs,
} from './privacy-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = usePrivacyDatabase();
const erase = (id: string, confirm: unknown) => request(leadsFn, 'POST', `/api/admin/leads/${id}/erase`, { confirm });
const get = (path: string) => request(leadsFn, 'GET', path);
const keys = async (store: Store) => (await store.list()).blobs.map((b) => b.key);

describe('POST /api/admin/leads/:id/erase', () => {
  it('leaves no row and no blob that names the person, keeps the action log pseudonymised, and logs the erasure', async () => {
    const seeded = await seedPeople(handle);
    const logBefore = await handle.db.select().from(auditLog);
    const byToken = eq(auditReportDeliveries.tokenHash, hashReportToken(seeded.reportToken));
    expect(await handle.db.select().from(auditReportDeliveries).where(byToken)).toHaveLength(1);
    expect((await whereAdaIs(handle)).length).toBeGreaterThan(10); // the walk does find her before

    signIn('admin');
    const res = await erase(seeded.leadId, ` ${ada.typed} `);
    expect(res.status, await res.clone().text()).toBe(200);
    const { erased } = await res.json();
    expect(erased).toEqual({
      leadId: seeded.leadId,
      counts: {
        messages: 1,
        submissions: 1,
        downloads: 1,
        documents: 1,
        reports: 1,
        deliveries: 1,
        events: 2,
        mails: 6,
        idempotencyKeys: 3,
        inboundMails: 0,
        mailedDocuments: 0,
        deliveryEvents: 0,
        bookings: 0,
        actionLogRows: 6,
      },
      blobsPending: 0,
    });

    // Her report's link ends: no delivery answers its token any more.
    expect(await handle.db.select().from(auditReportDeliveries).where(byToken)).toEqual([]);
    // Every table walked: nothing names her (the action log included).
    expect(await whereAdaIs(handle)).toEqual([]);
    // Her blobs are gone; Bea's document stays.
    expect(await keys(documents())).toEqual([seeded.beaDocumentKey]);
    expect(await keys(parts())).toEqual([]);
    expect(await handle.db.select().from(blobDeletions)).toEqual([]);

    // The action log lost no row: the rows about her say who did what and when, with her opaque id.
    const logAfter = await handle.db.select().from(auditLog);
    expect(logAfter).toHaveLength(logBefore.length + 1);
    for (const before of logBefore) {
      const after = logAfter.find((r) => r.id === before.id)!;
      expect(after).toMatchObject({ at: before.at, actorId: before.actorId, action: before.action });
    }
    const download = logAfter.find((r) => r.action === 'document.download')!;
    expect(download.detail).toEqual({ fileName: ERASED, erasedLead: seeded.leadId });
    const reply = logAfter.find((r) => r.action === 'lead.reply')!;
    expect(reply.detail).toMatchObject({ subject: ERASED, erasedLead: seeded.leadId, mailId: expect.any(String) });
    const erasure = logAfter.find((r) => r.action === 'lead.erase')!;
    expect(erasure).toMatchObject({ actorId: staff.admin.id, targetType: 'lead', targetId: seeded.leadId });
    expect(erasure.detail).toMatchObject({ reason: 'request', messages: 1, documents: 1, actionLogRows: 6 });
    // Bea's action log row still names Bea.
    expect(
      logAfter.find((r) => r.action === 'mail.test' && JSON.stringify(r.detail).includes(bea.email)),
    ).toBeDefined();
  });

  it('makes her unfindable in every list, search, CSV and export, and leaves Bea as she was', async () => {
    const seeded = await seedPeople(handle);
    signIn('admin');
    expect((await erase(seeded.leadId, ada.email)).status).toBe(200);
    for (const path of [
      '/api/admin/leads',
      `/api/admin/leads?q=${encodeURIComponent(ada.email)}`,
      '/api/admin/leads?spam=true',
      '/api/admin/leads/export.csv',
    ]) {
      const body = await (await get(path)).text();
      expect(namesAda(body), path).toEqual([]);
    }
    expect((await get(`/api/admin/leads/${seeded.leadId}`)).status).toBe(404);
    expect((await get(`/api/admin/leads/${seeded.leadId}/export`)).status).toBe(404);
    const list = await (await get(`/api/admin/leads?q=${encodeURIComponent(bea.email)}`)).json();
    expect(list.items).toEqual([expect.objectContaining({ id: seeded.beaLeadId, email: bea.email, requestCount: 2 })]);
  });

  it('queues the blobs a failing store refused, answers how many wait, and the retry deletes them', async () => {
    const seeded = await seedPeople(handle);
    const proto = Object.getPrototypeOf(getStore({ name: DOCUMENTS_STORE })) as Store;
    const failing = vi.spyOn(proto, 'delete').mockRejectedValue(new Error('store unavailable'));
    signIn('admin');
    const res = await erase(seeded.leadId, ada.email);
    expect(res.status).toBe(200);
    expect((await res.json()).erased.blobsPending).toBe(2);
    // The rows are gone (she looks erased because she is); the blobs wait in the queue, with the reason.
    expect(await handle.db.select().from(leads).where(eq(leads.id, seeded.leadId))).toEqual([]);
    const queued = await handle.db.select().from(blobDeletions);
    expect(queued.map((q) => [q.store, q.key, q.attempts, q.lastError]).sort()).toEqual([
      ['documents', `${seeded.submissionId}/`, 1, 'store unavailable'],
      ['parts', `${seeded.uploadId}/`, 1, 'store unavailable'],
    ]);
    expect(await keys(documents())).toContain(seeded.documentKey);

    failing.mockRestore();
    expect(await drainBlobDeletions(handle.db, stores())).toBe(0);
    expect(await keys(documents())).toEqual([seeded.beaDocumentKey]);
    expect(await keys(parts())).toEqual([]);
  });

  it('erases nothing unless the confirmation is her address', async () => {
    const seeded = await seedPeople(handle);
    signIn('admin');
    for (const confirm of [bea.email, 'ada@helix', '', 42, undefined]) {
      const res = await erase(seeded.leadId, confirm);
      expect(res.status, String(confirm)).toBe(422);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(['confirm']);
    }
    expect(await handle.db.select().from(leads).where(eq(leads.id, seeded.leadId))).toHaveLength(1);
    expect(await keys(documents())).toContain(seeded.documentKey);
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.action, 'lead.erase'))).toEqual([]);
  });

  it.each<[Actor, number]>([
    ['anonymous', 401],
    ['noRole', 403],
    ['viewer', 403],
    ['editor', 403],
  ])('refuses %s with %i', async (actor, status) => {
    const seeded = await seedPeople(handle);
    signIn(actor);
    expect((await erase(seeded.leadId, ada.email)).status).toBe(status);
    expect(await handle.db.select().from(leads).where(eq(leads.id, seeded.leadId))).toHaveLength(1);
  });

  it('refuses a change from another origin', async () => {
    const seeded = await seedPeople(handle);
    signIn('admin');
    const res = await request(
      leadsFn,
      'POST',
      `/api/admin/leads/${seeded.leadId}/erase`,
      { confirm: ada.email },
      {
        origin: 'https://evil.example',
      },
    );
    expect(res.status).toBe(403);
    expect(await handle.db.select().from(leads).where(eq(leads.id, seeded.leadId))).toHaveLength(1);
  });
});
