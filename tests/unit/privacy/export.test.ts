/**
 * Exporting one person (issue 23): an admin downloads one ZIP of every row that names them and their
 * documents byte for byte, and nothing of anyone else, however alike their addresses; the export is logged.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import { auditLog } from '../../../src/db/schema.ts';
import { errorOf, request, signIn, staff, type Actor } from '../staff-harness.ts';
import { ada, bea, namesAda, seedPeople, usePrivacyDatabase } from './privacy-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = usePrivacyDatabase();
const exportOf = (id: string) => request(leadsFn, 'GET', `/api/admin/leads/${id}/export`);

async function download(id: string) {
  const res = await exportOf(id);
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="person-ada-helix-example-\d{4}-\d{2}-\d{2}\.zip"/,
  );
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

describe('GET /api/admin/leads/:id/export', () => {
  it('holds every row that names the person and their documents, byte for byte, and nothing of another person', async () => {
    const seeded = await seedPeople(handle);
    signIn('admin');
    const files = await download(seeded.leadId);
    expect(Object.keys(files).sort()).toEqual([`documents/01-${ada.fileName}`, 'person.json']);
    expect(Buffer.from(files[`documents/01-${ada.fileName}`]!).equals(Buffer.from(seeded.documentBytes))).toBe(true);

    const person = JSON.parse(strFromU8(files['person.json']!));
    expect(person.lead).toMatchObject({ id: seeded.leadId, email: ada.email, name: ada.name });
    // Where she came from is hers too: the lead's source and first touch, and the one her message was sent with.
    expect(person.lead).toMatchObject({ source: 'linkedin', firstForm: 'message', attribution: ada.attribution });
    expect(person.contactMessages).toHaveLength(1);
    expect(person.contactMessages[0]).toMatchObject({
      email: ada.email,
      consentVersion: expect.any(String),
      attribution: ada.attribution,
    });
    expect(person.auditRequests).toHaveLength(1);
    expect(person.auditRequests[0]).toMatchObject({ id: seeded.submissionId, contactPhone: ada.phone });
    expect(person.auditRequests[0].consentedAt).toBeTruthy();
    expect(person.documents).toEqual([
      expect.objectContaining({ fileName: ada.fileName, fileInThisZip: `documents/01-${ada.fileName}` }),
    ]);
    expect(person.uploadsNotFinished).toHaveLength(1);
    expect(person.reports).toHaveLength(1);
    expect(person.reportDeliveries).toHaveLength(1);
    expect(person.reportDeliveries[0].tokenHash).toBeUndefined(); // a secret's hash is not the person's data
    // The file she asked for, with its link's limits and openings, the link itself not (decision 41).
    expect(person.downloadRequests).toEqual([
      expect.objectContaining({ resource: 'rfp-readiness-checklist', email: ada.email, opens: 0, maxOpens: 5 }),
    ]);
    expect(person.downloadRequests[0].tokenHash).toBeUndefined();
    expect(person.timeline.map((e: { kind: string }) => e.kind).sort()).toEqual(['note', 'reply']);
    // Their confirmations, the staff's notifications about them, the reply, and the new-owner mail none here.
    const kinds = person.mails.map((m: { kind: string }) => m.kind).sort();
    expect(kinds).toEqual([
      'audit.confirmation',
      'audit.staff',
      'contact.confirmation',
      'contact.staff',
      'download.confirmation',
      'lead.reply',
    ]);
    expect(person.submitKeys).toHaveLength(3);
    expect(person.staffActions.map((a: { action: string }) => a.action).sort()).toEqual([
      'document.download',
      'lead.note',
      'lead.reply',
      'mail.test',
      'message.status', // the reply answered her message
      'report.deliver',
    ]);
    // Bea, whose address contains Ada's, is nowhere in it.
    const text = strFromU8(files['person.json']!).toLowerCase();
    for (const name of [bea.email, bea.name, bea.company]) expect(text).not.toContain(name.toLowerCase());
    expect(namesAda(text)).toEqual(expect.arrayContaining([ada.email, ada.name]));
  });

  it('is logged as lead.export with what it held, and Bea’s export holds only Bea', async () => {
    const seeded = await seedPeople(handle);
    signIn('admin');
    await download(seeded.leadId);
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'lead.export'));
    expect(row).toMatchObject({
      actorId: staff.admin.id,
      targetType: 'lead',
      targetId: seeded.leadId,
      detail: { messages: 1, submissions: 1, downloads: 1, documents: 1, mails: 6 },
    });
    const res = await exportOf(seeded.beaLeadId);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(namesAda(strFromU8(files['person.json']!))).toEqual([]);
  });

  it('still exports when a document’s file is gone, saying so', async () => {
    const seeded = await seedPeople(handle);
    const { documents } = await import('./privacy-harness.ts');
    await documents().delete(seeded.documentKey);
    signIn('admin');
    const files = await download(seeded.leadId);
    expect(Object.keys(files)).toEqual(['person.json']);
    expect(JSON.parse(strFromU8(files['person.json']!)).documents[0].fileInThisZip).toBeNull();
  });

  it.each<[Actor, number]>([
    ['anonymous', 401],
    ['noRole', 403],
    ['viewer', 403],
    ['editor', 403],
  ])('refuses %s with %i and logs nothing', async (actor, status) => {
    const seeded = await seedPeople(handle);
    signIn(actor);
    expect((await exportOf(seeded.leadId)).status).toBe(status);
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.action, 'lead.export'))).toEqual([]);
  });

  it('answers 404 for an unknown or malformed lead', async () => {
    signIn('admin');
    const unknown = await exportOf('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe('not_found');
    expect((await exportOf('nope')).status).toBe(404);
  });
});
