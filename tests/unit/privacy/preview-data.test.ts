/**
 * A deploy preview's database starts as a copy of production's (issue 37, finding 3): before a preview serves
 * anything from it, every person in it is replaced by an invented one, its documents' references and production's
 * sessions go, its staff stay; once per database, under a lock. Every table and text column of the schema is
 * classified, so a new one cannot slip past.
 */
import { eq, sql } from 'drizzle-orm';
import { is } from 'drizzle-orm';
import { getTableConfig, jsonb, PgTable, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import * as schema from '../../../src/db/schema.ts';
import { useDatabase } from '../../../src/db/client.ts';
import { PREVIEW_DATA, previewStatements, pseudonymisePreview, type TablePlan } from '../../../src/db/preview-data.ts';
import { recordAudit, searchDigest } from '../../../src/server/action-log.ts';
import { deployedSettings } from '../../fixtures/deployed-settings.ts';
import { request, signIn, staff } from '../staff-harness.ts';
import { ada, bea, everyRow, seedPeople, usePrivacyDatabase, whereAdaIs, logLeadsExport } from './privacy-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = usePrivacyDatabase();
beforeEach(async () => {
  await handle.db.delete(schema.previewData);
  await handle.db.delete(schema.sessions);
});

/** Where Bea (the other person) is still named. */
async function whereBeaIs(): Promise<string[]> {
  const found: string[] = [];
  for (const [table, rows] of await everyRow(handle))
    for (const row of rows)
      for (const name of [bea.email, bea.name, bea.company])
        if (row.toLowerCase().includes(name.toLowerCase())) found.push(`${table}: ${name}`);
  return found;
}

/** What production holds beside the people: a session with a device and address, a staff search for Ada. */
async function seedProduction() {
  const seeded = await seedPeople(handle);
  await handle.db.insert(schema.sessions).values({
    id: 'prod-session',
    token: 'prod-token',
    userId: staff.editor.id,
    expiresAt: new Date(Date.now() + 3600_000),
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Macintosh) Firefox/128.0',
  });
  await recordAudit(
    handle.db,
    staff.viewer,
    'export.csv',
    { type: 'list', id: 'leads' },
    // A row written before searches were kept as digests.
    { list: 'leads', filters: { q: ada.name }, rows: 1 },
  );
  await recordAudit(
    handle.db,
    staff.editor,
    'account.session-signout',
    { type: 'user', id: staff.editor.id },
    { email: staff.editor.email, session: 'x', device: 'Mac', browser: 'Firefox 128', ipAddress: '203.0.113.7' },
  );
  return seeded;
}

const inPreview = (fn: typeof leadsFn): typeof leadsFn => ({
  ...fn,
  default: (req, ctx) => fn.default(req, { ...ctx, deploy: { context: 'deploy-preview', id: 'deploy123' } }),
});

describe("a deploy preview's copy of production", () => {
  it('holds none of its people once pseudonymised: no address, name, company, phone, text or document of theirs', async () => {
    await seedProduction();
    expect((await whereAdaIs(handle)).length).toBeGreaterThan(10);
    expect((await whereBeaIs()).length).toBeGreaterThan(3);

    const counts = await pseudonymisePreview(handle.db);
    expect(counts).toMatchObject({ leads: 2, uploaded_documents: 2, sessions: 1 });

    expect(await whereAdaIs(handle)).toEqual([]);
    expect(await whereBeaIs()).toEqual([]);
    const rows = [...(await everyRow(handle)).values()].flat().join('\n').toLowerCase();
    for (const text of ['203.0.113.7', 'firefox', 'called ada', 'dear ada', 'quillon-pipeline'])
      expect(rows).not.toContain(text);
    // The people stay, invented: one invented person per lead, the same in every table.
    const leads = await handle.db.select().from(schema.leads);
    expect(leads).toHaveLength(2);
    for (const lead of leads) {
      expect(lead.email).toMatch(/^person-[0-9a-f]{12}@preview\.invalid$/);
      expect(lead.emailKey).toBe(lead.email);
      expect(lead.name).toMatch(/^Preview Person [0-9A-F]{6}$/);
      const [message] = await handle.db
        .select()
        .from(schema.contactMessages)
        .where(eq(schema.contactMessages.leadId, lead.id));
      expect(message).toMatchObject({
        email: lead.email,
        name: lead.name,
        message: 'Invented for the deploy preview.',
      });
    }
    // Her download request stays for the dashboard, as the invented person, its link's hash one no token has.
    const [asked] = await handle.db.select().from(schema.downloadRequests);
    expect(asked).toMatchObject({
      resource: 'rfp-readiness-checklist',
      name: expect.stringMatching(/^Preview Person/),
    });
    expect(asked!.tokenHash).toMatch(/^preview-[0-9a-f]{32}$/);
    // Document references, production's sessions and pending links go; the staff and their roles stay.
    for (const table of [schema.uploadedDocuments, schema.pendingUploads, schema.sessions, schema.verifications])
      expect(await handle.db.select().from(table)).toEqual([]);
    const users = await handle.db.select({ email: schema.users.email }).from(schema.users);
    expect(users.map((u) => u.email).sort()).toEqual(
      [staff.viewer.email, staff.editor.email, staff.admin.email].sort(), // the account without a role went
    );
    // The action log keeps every row, who did what and when, and says why its details went.
    const log = await handle.db.select().from(schema.auditLog);
    expect(log.length).toBeGreaterThan(3);
    for (const row of log) expect(row.detail).toMatchObject({ redacted: 'preview' });
    const signout = log.find((r) => r.action === 'account.session-signout')!;
    expect(signout.detail).toEqual({ session: 'x', redacted: 'preview' });
    expect(signout.actorEmail).toBe(staff.editor.email);
  });

  it('runs once per database: a second run changes nothing, and what the preview stores later stays', async () => {
    await seedProduction();
    expect(await pseudonymisePreview(handle.db)).not.toBeNull();
    await handle.db.update(schema.leads).set({ name: 'Typed On The Preview' });
    expect(await pseudonymisePreview(handle.db)).toBeNull();
    const names = await handle.db.select({ name: schema.leads.name }).from(schema.leads);
    expect(names.map((n) => n.name)).toEqual(['Typed On The Preview', 'Typed On The Preview']);
    expect(await handle.db.select().from(schema.previewData)).toHaveLength(1);
  });

  it('two functions starting at once pseudonymise it once', async () => {
    await seedProduction();
    const runs = await Promise.all([pseudonymisePreview(handle.db), pseudonymisePreview(handle.db)]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(await whereAdaIs(handle)).toEqual([]);
  });

  it('is done before a function in a preview context answers from it, and never in production', async () => {
    await seedProduction();
    for (const [key, value] of Object.entries({
      SITE_ID: 'a1b2c3',
      ...deployedSettings,
      BETTER_AUTH_SECRET: 'x'.repeat(44),
      NETLIFY_DB_URL: 'postgres://unused', // Netlify Database: a preview's branch is a copy of production
      STAFF_2FA_REQUIRED: 'false',
    }))
      vi.stubEnv(key, value);
    signIn('viewer');
    const production = await request(leadsFn, 'GET', `/api/admin/leads?q=${encodeURIComponent(ada.email)}`);
    expect(production.status).toBe(200);
    expect(await production.text()).toContain(ada.name);
    expect(await handle.db.select().from(schema.previewData)).toEqual([]);

    const preview = await request(inPreview(leadsFn), 'GET', '/api/admin/leads');
    expect(preview.status).toBe(200);
    const text = (await preview.text()).toLowerCase();
    expect(text).toContain('preview person');
    for (const name of [ada.email, ada.name, ada.company, bea.email, bea.name])
      expect(text).not.toContain(name.toLowerCase());
    expect(await whereAdaIs(handle)).toEqual([]);
    expect(await handle.db.select().from(schema.previewData)).toHaveLength(1);
    vi.unstubAllEnvs();
  });

  it("never touches a DATABASE_URL database, a preview's staging database or production's named by mistake", async () => {
    await seedProduction();
    for (const [key, value] of Object.entries({
      SITE_ID: 'a1b2c3',
      ...deployedSettings,
      BETTER_AUTH_SECRET: 'x'.repeat(44),
      DATABASE_URL: 'postgres://unused',
      STAFF_2FA_REQUIRED: 'false',
    }))
      vi.stubEnv(key, value);
    signIn('viewer');
    // A handle this process has not seen yet, as a new function instance opens (previewReady checks once a handle).
    const fresh = () => useDatabase({ db: handle.db, driver: handle.driver, close: async () => {} });
    fresh();
    try {
      const preview = await request(inPreview(leadsFn), 'GET', `/api/admin/leads?q=${encodeURIComponent(ada.email)}`);
      expect(preview.status).toBe(200);
      expect(await preview.text()).toContain(ada.name);
      expect(await handle.db.select().from(schema.previewData)).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
      fresh();
    }
  });
});

/** Column types that can hold a person's words: text, JSON and arrays (ids, times, numbers and flags cannot). */
const canHoldText = (columnType: string) =>
  !/^Pg(UUID|Timestamp|Integer|BigInt53|BigInt64|Boolean|Date|DateString|Serial)/.test(columnType);

/** Each table of `tables` not in `plans`, and each column that can hold text in a kept table and is not classified. */
function unclassified(tables: PgTable[], plans: Record<string, TablePlan>): string[] {
  const missing: string[] = [];
  for (const table of tables) {
    const { name, columns } = getTableConfig(table);
    const plan = plans[name];
    if (!plan) {
      missing.push(`${name}: not in PREVIEW_DATA`);
      continue;
    }
    if (plan.rows === 'delete') continue;
    const classified = new Set([...Object.keys(plan.invent ?? {}), ...(plan.staff ?? []), ...(plan.system ?? [])]);
    for (const column of columns)
      if (canHoldText(column.columnType) && !classified.has(column.name))
        missing.push(`${name}.${column.name}: not classified`);
    for (const column of classified)
      if (!columns.some((c) => c.name === column)) missing.push(`${name}.${column}: classified but not in the schema`);
  }
  return missing;
}

describe('the classification of the schema', () => {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

  it('classifies every table of the schema and every column that can hold text: invented, staff’s own, or not personal', () => {
    expect(tables.length).toBeGreaterThan(20);
    expect(unclassified(tables, PREVIEW_DATA)).toEqual([]);
  });

  it('fails on a new text or JSON column nobody classified, and on a new table', () => {
    const grown = pgTable('leads', {
      id: uuid('id').primaryKey(),
      email: text('email').notNull(),
      name: text('name').notNull(),
      linkedin_note: text('linkedin_note'),
      preferences: jsonb('preferences'),
    });
    const added = pgTable('lead_calls', { id: uuid('id').primaryKey(), transcript: text('transcript') });
    const found = unclassified([grown, added], PREVIEW_DATA).filter((m) => !m.includes('but not in the schema'));
    expect(found).toEqual([
      'leads.linkedin_note: not classified',
      'leads.preferences: not classified',
      'lead_calls: not in PREVIEW_DATA',
    ]);
  });

  it('covers every table of the migrated database', async () => {
    const result = (await handle.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
    )) as unknown as { rows: { tablename: string }[] };
    const unknown = result.rows.map((r) => r.tablename).filter((t) => !(t in PREVIEW_DATA));
    expect(unknown).toEqual([]);
    expect(previewStatements().length).toBeGreaterThan(10);
  });

  it('keeps a search digest out of a preview too (a digest of a name is about that person)', async () => {
    await logLeadsExport(handle, searchDigest(ada.name));
    await pseudonymisePreview(handle.db);
    const [row] = await handle.db.select().from(schema.auditLog);
    expect(row!.detail).toEqual({ list: 'leads', rows: 1, redacted: 'preview' });
  });
});
