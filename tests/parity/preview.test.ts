/**
 * A deploy preview of the same site (its own database, branched from production's with production's people in it,
 * the same Blobs server, its own deploy id and the `deploy-preview` context in every request): it holds none of
 * production's people, keeps its documents to its deploy and its mail to staff.
 */
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deployedSettings, deployedSettingsCheck } from '../fixtures/deployed-settings.ts';
import { leads, mailOutbox, previewData, uploadedDocuments, users } from '../../src/db/schema.ts';
import { contactPayload, intakePayload } from '../fixtures/forms.ts';
import { productionPerson, productionTexts } from './production-people.ts';
import { database, deployDocuments, MB, parity, pdf, sha256, site, siteDocuments, uploadDocument } from './helpers.ts';

/** Every row of every table of `db` as lower-case JSON text, by table. */
async function everyRow(which: 'production' | 'preview'): Promise<Map<string, string>> {
  const { db } = await database(which);
  const tables = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
  )) as unknown as { rows: { tablename: string }[] };
  const out = new Map<string, string>();
  for (const { tablename } of tables.rows) {
    const result = (await db.execute(sql.raw(`select row_to_json(t)::text as j from "${tablename}" t`))) as unknown as {
      rows: { j: string }[];
    };
    out.set(
      tablename,
      result.rows
        .map((r) => r.j)
        .join('\n')
        .toLowerCase(),
    );
  }
  return out;
}

const named = (rows: Map<string, string>) =>
  [...rows].flatMap(([table, text]) => productionTexts.filter((t) => text.includes(t)).map((t) => `${table}: ${t}`));

describe('a deploy preview', () => {
  it("holds none of production's people: its copy is pseudonymised before it answers, production untouched", async () => {
    // Production still holds them, and so did the copy when the preview's deploy started.
    expect(named(await everyRow('production')).length).toBeGreaterThan(8);

    // The first answer of the preview (whichever function comes first) already comes from the pseudonymised copy.
    const res = await site('preview', '/api/health');
    // 503 only while the repository's invented Site settings are in the bundles (its health check names them).
    const expected = (await deployedSettingsCheck()).ok ? 200 : 503;
    expect(res.status, await res.clone().text()).toBe(expected);

    expect(named(await everyRow('preview'))).toEqual([]);
    const { db } = await database('preview');
    const [lead] = await db.select().from(leads);
    expect(lead!.email).toMatch(/@preview\.invalid$/);
    expect(await db.select().from(previewData)).toHaveLength(1);
    // The staff still sign in there: the admin's account stays, the account of nobody's staff went.
    const accounts = (await db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(accounts).toContain(parity.admin.email);
    expect(accounts).not.toContain(productionPerson.accountEmail);
    const signIn = await site('preview', '/api/auth/sign-in/email', {
      json: { email: parity.admin.email, password: parity.admin.password },
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    // Production is as it was.
    expect(named(await everyRow('production')).length).toBeGreaterThan(8);
  });

  it('stores a contact message, says noindex, and sends both mails to the staff inbox only', async () => {
    const lead = 'preview-lead@prospect.example';
    const res = await site('preview', '/api/contact', { json: { ...contactPayload(), email: lead } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const { id } = (await res.json()) as { id: string };

    const { db } = await database('preview');
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.idempotencyKey, `contact:${id}:%`));
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.to)).toEqual([deployedSettings.STAFF_INBOX, deployedSettings.STAFF_INBOX]);
    expect(mails.filter((m) => m.subject.startsWith(`[Preview, meant for ${lead}]`))).toHaveLength(1);
    expect(mails.every((m) => m.status === 'pending')).toBe(true);
  });

  it('keeps an uploaded document in the store of its own deploy, not the site-wide one', async () => {
    const res = await site('preview', '/api/audits', { json: intakePayload() });
    expect(res.status, await res.clone().text()).toBe(201);
    const { uploadToken } = (await res.json()) as { uploadToken: string };
    const file = pdf(1 * MB);
    const { document } = await uploadDocument('preview', uploadToken, 'preview-deck.pdf', file);

    const { db } = await database('preview');
    const [row] = await db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, document.id));
    const inDeploy = await deployDocuments(parity.preview.deployId).get(row!.filePath, { type: 'arrayBuffer' });
    expect(inDeploy, `${row!.filePath} in the preview deploy's store`).not.toBeNull();
    expect(sha256(new Uint8Array(inDeploy!))).toBe(sha256(file));
    expect(await siteDocuments().get(row!.filePath)).toBeNull();
  });
});
