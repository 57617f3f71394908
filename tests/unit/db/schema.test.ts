import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../src/db/client.ts';
import { leadIdFor } from '../../fixtures/lead.ts';
import { DatabaseLockedError, lockDataFolder, openDatabase, socketPath } from '../../../src/db/embedded.ts';
import { auditSubmissions, contactMessages, uploadedDocuments, userRoles } from '../../../src/db/schema.ts';

// The same tests run against a real PostgreSQL server when TEST_DATABASE_URL names one (see .ci/run);
// otherwise against an in-memory PGlite.
const serverUrl = process.env.TEST_DATABASE_URL;
let handle: DbHandle;

beforeAll(async () => {
  handle = serverUrl ? await openDatabase({ url: serverUrl }) : await openDatabase({ memory: true });
  if (serverUrl) {
    const { applyMigrations } = await import('../../../src/db/migrate.ts');
    await applyMigrations(handle.db);
  }
  lead.leadId = await leadIdFor(handle.db, 'ada@example.com', 'Ada Lovelace');
}, 60_000); // PGlite's WebAssembly start takes seconds on a busy machine
afterAll(() => handle.close());

const lead = {
  leadId: '',
  contactName: 'Ada Lovelace',
  contactEmail: 'ada@example.com',
  consentVersion: 'audit-2026-11',
  consentedAt: new Date(),
};

describe(`schema and migrations (${serverUrl ? 'PostgreSQL server' : 'PGlite'})`, () => {
  it('creates every table of the product', async () => {
    const result = await handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'audit_submissions',
        'blog_posts',
        'contact_messages',
        'idempotency_keys',
        'lead_events',
        'leads',
        'mail_outbox',
        'pending_upload_parts',
        'pending_uploads',
        'rate_limits',
        'upload_tokens',
        'uploaded_documents',
        'user_roles',
      ]),
    );
  });

  it('stores an intake submission with its defaults: pending, empty lists, no spam flag', async () => {
    const [row] = await handle.db
      .insert(auditSubmissions)
      .values({ ...lead, source: 'intake', companyName: 'Acme CRO', regions: ['europe', 'other'], otherRegion: 'MENA' })
      .returning();
    expect(row).toMatchObject({
      status: 'pending',
      source: 'intake',
      regions: ['europe', 'other'],
      marketingAssets: [],
      hasWebsite: false,
      isSpam: false,
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('deletes a submission’s documents with it, and refuses a document for no submission', async () => {
    const [sub] = await handle.db
      .insert(auditSubmissions)
      .values({ ...lead, source: 'contact_page', companyName: 'Beta CDMO' })
      .returning({ id: auditSubmissions.id });
    await handle.db.insert(uploadedDocuments).values({
      auditSubmissionId: sub!.id,
      fileName: 'deck.pdf',
      filePath: `${sub!.id}/1-abc.pdf`,
      fileSize: 1024,
      fileType: 'application/pdf',
    });
    await handle.db.delete(auditSubmissions).where(eq(auditSubmissions.id, sub!.id));
    expect(
      await handle.db.select().from(uploadedDocuments).where(eq(uploadedDocuments.auditSubmissionId, sub!.id)),
    ).toEqual([]);
    await expect(
      handle.db.insert(uploadedDocuments).values({
        auditSubmissionId: sub!.id,
        fileName: 'x.pdf',
        filePath: 'orphan/x.pdf',
        fileSize: 1,
        fileType: 'application/pdf',
      }),
    ).rejects.toThrow();
  });

  it('gives a user each role at most once, and new messages start unread', async () => {
    await handle.db.insert(userRoles).values({ userId: 'user-1', role: 'viewer' });
    await expect(handle.db.insert(userRoles).values({ userId: 'user-1', role: 'viewer' })).rejects.toThrow();
    const [message] = await handle.db
      .insert(contactMessages)
      .values({
        leadId: lead.leadId,
        name: 'Grace',
        email: 'grace@example.com',
        message: 'Hello',
        consentVersion: 'c1',
        consentedAt: new Date(),
      })
      .returning();
    expect(message).toMatchObject({ status: 'unread', subscribe: false, company: '' });
  });
});

describe('the embedded database folder', () => {
  it('lets one owner open it and tells a second owner who holds it', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-'));
    const first = await openDatabase({ dataDir, url: '' });
    await first.db.insert(userRoles).values({ userId: 'kept', role: 'admin' });
    await expect(openDatabase({ dataDir, url: '' })).rejects.toThrow(/already open in process \d+/);
    await first.close();

    // Released on close; the data is still there when the folder is opened again.
    const again = await openDatabase({ dataDir, url: '' });
    expect(await again.db.select().from(userRoles).where(eq(userRoles.userId, 'kept'))).toHaveLength(1);
    await again.close();
  });

  it('lets other processes in through the owner when it shares the folder', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-'));
    const owner = await openDatabase({ dataDir, url: '' });
    expect(await owner.share!()).toBe(socketPath(dataDir));
    await owner.db.insert(userRoles).values({ userId: 'from-owner', role: 'viewer' });

    // What the admin CLI or a test does while `npm start` runs: a client over the socket, not a second owner.
    const client = await openDatabase({ dataDir, url: '' });
    expect(client.driver).toBe('node-postgres');
    await client.db.insert(userRoles).values({ userId: 'from-client', role: 'editor' });
    await client.close();

    const rows = await owner.db.select({ userId: userRoles.userId }).from(userRoles);
    expect(rows.map((r) => r.userId).sort()).toEqual(['from-client', 'from-owner']);
    await owner.close();
    expect(existsSync(socketPath(dataDir))).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'lock-')), 'pglite');
    const release = lockDataFolder(dir);
    release();
    // A dead pid in the lock file (2^22 + 1 is above Linux's largest pid) does not block.
    writeFileSync(`${dir}.lock`, String(4194305));
    const again = lockDataFolder(dir);
    // A live owner does, even this very process: two PGlite instances on one folder lose rows.
    expect(() => lockDataFolder(dir)).toThrow(DatabaseLockedError);
    again();
  });
});
