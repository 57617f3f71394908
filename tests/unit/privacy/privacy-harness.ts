/**
 * The privacy tests' shared setup (docs/privacy.md): a local Blobs server, the database, the staff, and a
 * person with something in every place a person can be stored: a contact message and an intake (through the
 * public functions, so their mails and submit keys are real), a document and an unfinished upload in the
 * stores, a report with a delivered link, a file she asked for and its mailed link, a note and a reply, and staff actions about them. Beside them lives
 * a second person whose address contains the first one's, whom nothing may touch.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import * as audits from '../../../netlify/functions/audits.mts';
import * as contact from '../../../netlify/functions/contact.mts';
import type { DbHandle } from '../../../src/db/client.ts';
import {
  auditReportDeliveries,
  auditReports,
  auditSubmissions,
  blobDeletions,
  leads,
  pendingUploadParts,
  pendingUploads,
  uploadedDocuments,
} from '../../../src/db/schema.ts';
import { submitDownloadRequest } from '../../../src/features/leads/download-requests.ts';
import { addNote, replyToLead } from '../../../src/features/leads/lead-work.ts';
import { hashReportToken } from '../../../src/features/reports/token.ts';
import { DOCUMENTS_STORE, PARTS_STORE } from '../../../src/features/uploads/stores.ts';
import { recordAudit } from '../../../src/server/action-log.ts';
import { contactPayload, intakePayload, meta } from '../../fixtures/forms.ts';
import { call } from '../function-harness.ts';
import { seedStaff, staff, useAdminDatabase } from '../staff-harness.ts';
import { useLocalBlobs } from '../test-blobs.ts';
import { quietConsole, truncateTables } from '../test-db.ts';

/** The viewer's CSV export of the leads searched for `q`, logged as it is (a digest) or as rows once were (text). */
export const logLeadsExport = (handle: DbHandle, q: string) =>
  recordAudit(
    handle.db,
    staff.viewer,
    'export.csv',
    { type: 'list', id: 'leads' },
    { list: 'leads', filters: { q }, rows: 1 },
  );

export const documents = () => getStore({ name: DOCUMENTS_STORE, consistency: 'strong' });
export const parts = () => getStore({ name: PARTS_STORE, consistency: 'strong' });
export const stores = () => ({ documents: documents(), parts: parts() });

/** The person a test exports or erases, and how they are named everywhere. */
export const ada = {
  email: 'ada@helix.example',
  typed: 'ADA@Helix.Example', // the intake's spelling of the same address
  name: 'Ada Quill',
  company: 'Quillon Therapeutics',
  phone: '+1 215 555 0199',
  fileName: 'quillon-pipeline.pdf',
  /** Where her first visit began (docs/decisions/0032-attribution-and-dashboard.md). */
  attribution: { landingPath: '/services/digital-marketing', utmSource: 'linkedin', utmCampaign: 'q4' },
};
/** Someone else, whose address has Ada's inside it. */
export const bea = { email: 'ada@helix.example.org', name: 'Bea Stone', company: 'Stonebridge Bio' };

/** The texts that name Ada, as a row's JSON would hold them (lower case); an address only as a whole address. */
export const namesAda = (text: string): string[] => {
  const t = text.toLowerCase();
  const found = [ada.name, ada.company, ada.phone, ada.fileName].filter((n) => t.includes(n.toLowerCase()));
  if (/(^|[^a-z0-9._%+-])ada@helix\.example($|[^a-z0-9.-]|\.(?![a-z]))/.test(t)) found.push(ada.email);
  return found;
};

export interface Seeded {
  leadId: string;
  beaLeadId: string;
  submissionId: string;
  documentKey: string;
  documentBytes: Uint8Array;
  beaDocumentKey: string;
  uploadId: string;
  /** The private link's token of her delivered report. */
  reportToken: string;
}

/** The file's database and stores, emptied before each test, the staff seeded. */
export function usePrivacyDatabase() {
  useLocalBlobs('privacy-test');
  quietConsole('log', 'warn');
  const handle = useAdminDatabase();
  beforeEach(async () => {
    await handle.db.delete(blobDeletions);
    await truncateTables(handle.db, ['audit_log', 'mail_outbox', 'idempotency_keys', 'rate_limits']);
    await seedStaff(handle);
    for (const store of [documents(), parts()]) {
      for (const { key } of (await store.list()).blobs) await store.delete(key);
    }
  });
  return handle;
}

async function submit(fn: typeof contact, path: string, body: unknown): Promise<{ id: string }> {
  const res = await call(fn.default, path, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Stores one of Ada's documents (bytes in the store, row in the table) for `submissionId`. */
async function addDocument(handle: DbHandle, submissionId: string, fileName: string) {
  const bytes = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4000)]));
  const key = `${submissionId}/${Date.now()}-${randomUUID().replaceAll('-', '')}.pdf`;
  await documents().set(key, new Blob([bytes]));
  const [doc] = await handle.db
    .insert(uploadedDocuments)
    .values({ auditSubmissionId: submissionId, fileName, filePath: key, fileSize: bytes.length, fileType: 'pdf' })
    .returning();
  return { doc: doc!, key, bytes };
}

/** Ada in every place a person is stored, and Bea beside her. */
export async function seedPeople(handle: DbHandle): Promise<Seeded> {
  const { db } = handle;
  await submit(contact, '/api/contact', {
    ...contactPayload(),
    email: ada.email,
    name: ada.name,
    company: ada.company,
    attribution: ada.attribution,
  });
  const intake = await submit(audits, '/api/audits', {
    ...intakePayload(),
    workEmail: ada.typed,
    fullName: ada.name,
    companyName: ada.company,
    phone: ada.phone,
  });
  const submissionId = intake.id;
  const [{ leadId }] = (await db
    .select({ leadId: auditSubmissions.leadId })
    .from(auditSubmissions)
    .where(eq(auditSubmissions.id, submissionId))) as [{ leadId: string }];
  const { doc, key: documentKey, bytes: documentBytes } = await addDocument(handle, submissionId, ada.fileName);
  const [upload] = await db
    .insert(pendingUploads)
    .values({ auditSubmissionId: submissionId, fileName: 'half-sent.pdf', fileType: 'pdf', declaredSize: 9000 })
    .returning();
  await db.insert(pendingUploadParts).values({ uploadId: upload!.id, partIndex: 0, size: 10 });
  await parts().set(`${upload!.id}/0`, new Blob([new Uint8Array(10)]));
  await db.insert(auditReports).values({
    submissionId,
    summary: `${ada.company} should lead with its pipeline.`,
    areas: {} as never,
    prefill: {} as never,
  });
  const reportToken = randomBytes(32).toString('base64url');
  const [delivery] = await db
    .insert(auditReportDeliveries)
    .values({
      submissionId,
      version: 1,
      content: { summary: `For ${ada.name}` } as never,
      tokenHash: hashReportToken(reportToken),
      expiresAt: new Date(Date.now() + 86_400_000),
      deliveredById: staff.editor.id,
      deliveredByEmail: staff.editor.email,
    })
    .returning();
  // A file she asked for (docs/decisions/0041-resource-downloads.md): its row, its mailed link, its submit key.
  await submitDownloadRequest(
    db,
    {
      name: ada.name,
      email: ada.email,
      company: ada.company,
      consent: true,
      resource: 'rfp-readiness-checklist',
      ...meta(),
    },
    {
      resource: 'rfp-readiness-checklist',
      title: 'RFP Readiness Checklist',
      fileName: 'rfp-readiness-checklist.pdf',
      extension: 'pdf',
      contentType: 'application/pdf',
      bytes: 5000,
      pages: 3,
      gated: true,
      made: 'generated',
    },
    'http://localhost:4321',
  );
  await addNote(db, staff.editor, leadId, `Called ${ada.name} about ${ada.company}.`);
  await replyToLead(db, staff.editor, leadId, { subject: `Your ${ada.company} audit`, body: `Dear ${ada.name}, …` });
  await recordAudit(db, staff.admin, 'document.download', { type: 'document', id: doc.id }, { fileName: ada.fileName });
  await recordAudit(db, staff.editor, 'report.deliver', { type: 'submission', id: submissionId }, { version: 1 });
  await recordAudit(db, staff.admin, 'mail.test', { type: 'mail', id: randomUUID() }, { to: ada.email });

  await submit(contact, '/api/contact', {
    ...contactPayload(),
    email: bea.email,
    name: bea.name,
    company: bea.company,
  });
  const beaIntake = await submit(audits, '/api/audits', {
    ...intakePayload(),
    workEmail: bea.email,
    fullName: bea.name,
    companyName: bea.company,
  });
  const { key: beaDocumentKey } = await addDocument(handle, beaIntake.id, 'stonebridge.pdf');
  await recordAudit(db, staff.admin, 'mail.test', { type: 'mail', id: randomUUID() }, { to: bea.email });
  const [beaLead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.emailKey, bea.email));
  expect(delivery).toBeDefined();
  return {
    leadId,
    beaLeadId: beaLead!.id,
    submissionId,
    documentKey,
    documentBytes,
    beaDocumentKey,
    uploadId: upload!.id,
    reportToken,
  };
}

/** Every public table's rows as JSON text, by table (the migrations' own bookkeeping aside). */
export async function everyRow(handle: DbHandle): Promise<Map<string, string[]>> {
  const tables = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'app_migrations' order by 1`,
  )) as unknown as { rows: { tablename: string }[] };
  const out = new Map<string, string[]>();
  for (const { tablename } of tables.rows) {
    const result = (await handle.db.execute(
      sql.raw(`select row_to_json(t)::text as j from "${tablename}" t`),
    )) as unknown as { rows: { j: string }[] };
    out.set(
      tablename,
      result.rows.map((r) => r.j),
    );
  }
  return out;
}

/** Where Ada is still named: `table: what` for each row that names her. */
export async function whereAdaIs(handle: DbHandle): Promise<string[]> {
  const found: string[] = [];
  for (const [table, rows] of await everyRow(handle)) {
    for (const row of rows) for (const name of namesAda(row)) found.push(`${table}: ${name}`);
  }
  return found;
}
