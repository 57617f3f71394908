import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client.ts';
import { auditReportDeliveries } from '../../../src/db/schema.ts';
import type { ApiError } from '../../../src/server/errors.ts';
import { openDeliveredReport, recordFirstOpening } from '../../../src/features/reports/links.ts';
import { hashReportToken, newReportToken, REPORT_TOKEN } from '../../../src/features/reports/token.ts';
import { deliveredReport } from '../../fixtures/reports.ts';
import { useTestDatabase } from '../test-db.ts';
import { addDelivery, deliveryTables } from '../test-deliveries.ts';

const handle = useTestDatabase({ empty: deliveryTables, serviceOnly: true });

/** The error `openDeliveredReport` throws for `token`, or null when it opens. */
async function refusal(token: string, now?: Date, db: Db = handle.db): Promise<ApiError | null> {
  try {
    await openDeliveredReport(db, token, now);
    return null;
  } catch (error) {
    return error as ApiError;
  }
}

const firstOpened = async (id: string) =>
  (await handle.db.select().from(auditReportDeliveries).where(eq(auditReportDeliveries.id, id)))[0]!.firstOpenedAt;

describe('openDeliveredReport', () => {
  it('opens the frozen version a valid link was made for', async () => {
    const report = deliveredReport({ companyName: 'Helix CDMO', version: 3 });
    const { token, row } = await addDelivery(handle, { version: 3 }, report);
    await addDelivery(handle); // another lead's delivery is not this one
    const opened = await openDeliveredReport(handle.db, token);
    expect(opened).toEqual({ report, deliveryId: row.id });
  });

  it('is the same 404 for an unknown, an expired, a revoked and a malformed link', async () => {
    const now = new Date('2026-04-01T12:00:00Z');
    const expired = await addDelivery(handle, { expiresAt: now });
    const revoked = await addDelivery(handle, { revokedAt: new Date('2026-03-30T00:00:00Z') });
    const valid = await addDelivery(handle, { expiresAt: new Date(now.getTime() + 1) });
    const cases = [newReportToken().token, expired.token, revoked.token, 'short', `${valid.token}x`, `${valid.token}`];
    const answers = await Promise.all(cases.map((token) => refusal(token, now)));
    const gone = answers.slice(0, 5).map((e) => e && { status: e.status, code: e.code, message: e.message });
    expect(new Set(gone.map((e) => JSON.stringify(e)))).toEqual(
      new Set([
        JSON.stringify({ status: 404, code: 'not_found', message: 'This report does not exist or has been deleted.' }),
      ]),
    );
    expect(answers[5]).toBeNull(); // a millisecond before it expires, the link still works
    // None of the refused links counted as an opening.
    for (const { row } of [expired, revoked]) expect(await firstOpened(row.id)).toBeNull();
  });

  it('refuses a malformed token without asking the database', async () => {
    const noDatabase = new Proxy({} as Db, {
      get() {
        throw new Error('the database was asked');
      },
    });
    for (const token of ['', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`, '../x']) {
      expect((await refusal(token, undefined, noDatabase))?.status, token).toBe(404);
    }
    expect((await refusal('a'.repeat(43), undefined, noDatabase))?.message).toBe('the database was asked');
  });

  it('records no opening: reading a link is not opening it (a scanner reads it too)', async () => {
    const { token, row } = await addDelivery(handle);
    await openDeliveredReport(handle.db, token);
    await openDeliveredReport(handle.db, token);
    expect(await firstOpened(row.id)).toBeNull();
  });
});

describe('recordFirstOpening (the page’s beacon)', () => {
  it('records the first opening once: a later one keeps the first time', async () => {
    const { token, row } = await addDelivery(handle);
    expect(row.firstOpenedAt).toBeNull();
    const first = new Date('2026-03-06T09:00:00Z');
    await recordFirstOpening(handle.db, token, first);
    expect(await firstOpened(row.id)).toEqual(first);
    await recordFirstOpening(handle.db, token, new Date('2026-03-07T09:00:00Z'));
    expect(await firstOpened(row.id)).toEqual(first);
  });

  it('keeps the earliest time when two first openings race', async () => {
    const { token, row } = await addDelivery(handle);
    const times = [new Date('2026-03-06T09:00:00Z'), new Date('2026-03-06T09:00:01Z')];
    await Promise.all(times.map((t) => recordFirstOpening(handle.db, token, t)));
    expect(times).toContainEqual(await firstOpened(row.id));
  });

  it('is the same 404 for a dead link, and stamps nothing', async () => {
    const now = new Date();
    const expired = await addDelivery(handle, { expiresAt: now });
    const revoked = await addDelivery(handle, { revokedAt: now });
    for (const token of [expired.token, revoked.token, newReportToken().token, 'short']) {
      await expect(recordFirstOpening(handle.db, token, now)).rejects.toMatchObject({ status: 404 });
    }
    for (const { row } of [expired, revoked]) expect(await firstOpened(row.id)).toBeNull();
  });
});

describe('report link tokens', () => {
  it('are 256 random bits: 1,000 new ones are distinct, 43 base64url characters each', () => {
    const tokens = Array.from({ length: 1000 }, () => newReportToken());
    expect(new Set(tokens.map((t) => t.token)).size).toBe(1000);
    for (const { token, hash } of tokens) {
      expect(token).toMatch(REPORT_TOKEN);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(hash).toBe(hashReportToken(token));
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('are stored only as their hash', async () => {
    const { token, row } = await addDelivery(handle);
    const [stored] = await handle.db.select().from(auditReportDeliveries).where(eq(auditReportDeliveries.id, row.id));
    expect(stored!.tokenHash).toBe(hashReportToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });
});
