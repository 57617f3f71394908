// Submit keys are secrets of the browser that sent them: the database keeps only their SHA-256, and a key
// stored in clear before migration 0008_privacy still finds its record after the migration rehashed it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import audits from '../../../netlify/functions/audits.mts';
import contact from '../../../netlify/functions/contact.mts';
import {
  auditSubmissions,
  contactMessages,
  idempotencyKeys,
  mailOutbox,
  rateLimits,
  uploadTokens,
} from '../../../src/db/schema.ts';
import { migrationsDir } from '../../../src/db/migrate.ts';
import { claimInStatement, priorClaim, storedSubmitKey } from '../../../src/features/leads/idempotency.ts';
import { runPrepared, withCtes } from '../../../src/db/statement.ts';
import { contactPayload, intakePayload, shortAuditPayload } from '../../fixtures/forms.ts';
import { call } from '../function-harness.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';

quietConsole('log'); // the console transport prints each mail
const handle = useTestDatabase({
  empty: [mailOutbox, idempotencyKeys, uploadTokens, auditSubmissions, contactMessages, rateLimits],
});

/** Every stored row of idempotency_keys as text, to look for a key in any column. */
const storedKeys = async () => JSON.stringify(await handle.db.select().from(idempotencyKeys));

describe('submit keys at rest', () => {
  it('a contact submit stores no row holding its key, and a replay still answers with the same record', async () => {
    const input = contactPayload();
    const first = await call(contact, '/api/contact', input);
    expect(first.status).toBe(201);
    const { id } = await first.json();
    const dump = await storedKeys();
    expect(dump).not.toContain(input.idempotencyKey);
    expect(dump).toContain(storedSubmitKey('contact', input.idempotencyKey));
    const again = await call(contact, '/api/contact', input);
    expect(again.status).toBe(201);
    expect((await again.json()).id).toBe(id);
    expect(await handle.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('an intake submit stores no row holding its key either', async () => {
    const input = intakePayload();
    const { id } = await (await call(audits, '/api/audits', input)).json();
    expect(await storedKeys()).not.toContain(input.idempotencyKey);
    expect((await (await call(audits, '/api/audits', input)).json()).id).toBe(id);
  });

  it('stores the SHA-256 (hex) of scope:key, so the same key in two forms is two claims', async () => {
    const key = randomUUID();
    expect(storedSubmitKey('contact', key)).toMatch(/^[0-9a-f]{64}$/);
    expect(storedSubmitKey('contact', key)).not.toBe(storedSubmitKey('audit', key));
    const message = await call(contact, '/api/contact', { ...contactPayload(), idempotencyKey: key });
    const audit = await call(audits, '/api/audits', { ...shortAuditPayload(), idempotencyKey: key });
    expect([message.status, audit.status]).toEqual([201, 201]);
    expect((await message.json()).id).not.toBe((await audit.json()).id);
    expect(await handle.db.select().from(idempotencyKeys)).toHaveLength(2);
  });
});

describe('keys stored in clear before migration 0008_privacy', () => {
  // The migration's own statement, read from its file: the test follows the migration as it is written.
  const migration = readFileSync(path.join(migrationsDir, '0008_privacy/migration.sql'), 'utf8');
  const rehash = migration
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .find((s) => /^UPDATE "idempotency_keys"/.test(s));

  it('still find their record once the migration rehashed them (ASCII and any other UTF-8 key)', async () => {
    expect(rehash).toBeDefined();
    const old = [
      { scope: 'contact', key: randomUUID(), resourceId: randomUUID() },
      { scope: 'audit', key: `Größe-ключ-${randomUUID()}`, resourceId: randomUUID() },
    ];
    // As the code before the migration stored them.
    await handle.db
      .insert(idempotencyKeys)
      .values(old.map((o) => ({ key: `${o.scope}:${o.key}`, scope: o.scope, resourceId: o.resourceId })));
    await handle.db.execute(sql.raw(rehash!));
    expect(await storedKeys()).not.toContain(old[0]!.key);
    for (const o of old) {
      // The claim a submit's statement makes (store-request.ts) finds the key taken, and the record is the old one's.
      const [claim] = await runPrepared<{ claimed: boolean }>(
        handle.db,
        withCtes(
          [['claim', claimInStatement(o.scope, o.key, randomUUID())]],
          sql`select exists (select from claim) as claimed`,
        ),
      );
      expect(claim).toEqual({ claimed: false });
      expect(await priorClaim(handle.db, o.scope, o.key)).toBe(o.resourceId);
    }
    expect(await handle.db.select().from(idempotencyKeys)).toHaveLength(2);
  });
});
