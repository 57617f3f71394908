import { leadIdFor } from '../../fixtures/lead.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../src/db/client.ts';
import { auditSubmissions, authRateLimits, idempotencyKeys, rateLimits, uploadTokens } from '../../../src/db/schema.ts';
import { sweepExpired } from '../../../src/server/housekeeping.ts';
import { openTestDatabase } from '../test-db.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(() => handle.close());

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const hour = 3600_000;
const day = 24 * hour;

describe('sweepExpired', () => {
  it('removes what has expired and keeps what may still be used', async () => {
    const [submission] = await handle.db
      .insert(auditSubmissions)
      .values({
        leadId: await leadIdFor(handle.db, 'a@x.example', 'A'),
        source: 'intake',
        contactName: 'A',
        contactEmail: 'a@x.example',
        companyName: 'C',
        consentVersion: 'v',
        consentedAt: now,
      })
      .returning();
    await handle.db.insert(uploadTokens).values([
      { tokenHash: 'expired', auditSubmissionId: submission!.id, expiresAt: ago(1) },
      { tokenHash: 'live', auditSubmissionId: submission!.id, expiresAt: new Date(now.getTime() + hour) },
    ]);
    await handle.db.insert(rateLimits).values([
      { key: 'form:1', windowStart: ago(2 * day), count: 3 },
      { key: 'form:1', windowStart: ago(5 * 60_000), count: 3 },
    ]);
    await handle.db.insert(authRateLimits).values([
      { id: 'old', key: 'old', count: 1, lastRequest: ago(2 * day).getTime() },
      { id: 'new', key: 'new', count: 1, lastRequest: ago(hour).getTime() },
    ]);
    await handle.db.insert(idempotencyKeys).values([
      { key: 'old', scope: 'contact', resourceId: randomUUID(), createdAt: ago(31 * day) },
      { key: 'new', scope: 'contact', resourceId: randomUUID(), createdAt: ago(29 * day) },
    ]);

    expect(await sweepExpired(handle.db, now)).toEqual({
      uploadTokens: 1,
      rateLimits: 1,
      authRateLimits: 1,
      idempotencyKeys: 1,
      sessions: 0,
      verifications: 0,
      staffDevices: 0,
    });
    expect((await handle.db.select().from(uploadTokens)).map((t) => t.tokenHash)).toEqual(['live']);
    expect(await handle.db.select().from(rateLimits)).toHaveLength(1);
    expect((await handle.db.select().from(authRateLimits)).map((r) => r.id)).toEqual(['new']);
    expect((await handle.db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(['new']);
  });
});
