/**
 * One-statement writes (src/db/statement.ts): `runPrepared` renders a statement's text once per shape and binds
 * the values it reads itself afterwards, so the values it binds must be the ones drizzle would have bound, for
 * every kind of column; a chunk it does not know leaves the statement to drizzle. Under test:pg on PostgreSQL 15 too.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditSubmissions, leads } from '../../../src/db/schema.ts';
import { insertSelect, runPrepared, withCtes } from '../../../src/db/statement.ts';
import { useTestDatabase } from '../test-db.ts';

const handle = useTestDatabase({ empty: [auditSubmissions, leads], serviceOnly: true });

/** A lead and an audit request of it in one statement, of one shape whatever the values. */
const write = (email: string, at: Date, channels: string[], attribution: Record<string, string> | null) => {
  const id = randomUUID();
  const statement = withCtes(
    [
      [
        'lead',
        sql`${insertSelect(leads, { emailKey: email, email, firstRequestAt: at, lastActivityAt: at, requestCount: 1 })} returning id`,
      ],
      [
        'request',
        sql`${insertSelect(
          auditSubmissions,
          {
            id,
            leadId: sql`lead.id`,
            source: 'contact_page',
            contactName: `Name of ${email}`,
            contactEmail: email,
            companyName: 'Helix',
            marketingChannels: channels,
            consentVersion: 'v1',
            consentedAt: at,
            isSpam: channels.length > 1,
            spamReason: null,
            attribution,
          },
          'lead',
        )} returning 1`,
      ],
    ],
    sql`select exists (select from request) as stored`,
  );
  return { id, run: () => runPrepared<{ stored: boolean }>(handle.db, statement) };
};

describe('runPrepared', () => {
  it('binds each value of a statement of a known shape as drizzle would, whatever its column type', async () => {
    const cases = [
      ['first@example.com', new Date('2026-11-27T10:00:00Z'), ['linkedin'], null],
      ['second@example.com', new Date('2026-11-28T11:30:00Z'), ['webinars', 'other, with "quotes"'], { source: 'x' }],
      ['third@example.com', new Date('2026-11-29T09:15:00Z'), [], { source: 'y', medium: 'z' }],
    ] as const;
    for (const [email, at, channels, attribution] of cases) {
      const { id, run } = write(email, at, [...channels], attribution);
      expect(await run()).toEqual([{ stored: true }]);
      const [row] = await handle.db.select().from(auditSubmissions).where(eq(auditSubmissions.id, id));
      expect(row).toMatchObject({
        contactEmail: email,
        contactName: `Name of ${email}`,
        marketingChannels: [...channels],
        consentedAt: at,
        isSpam: channels.length > 1,
        spamReason: null,
        attribution,
      });
      const [lead] = await handle.db.select().from(leads).where(eq(leads.id, row!.leadId));
      expect(lead).toMatchObject({ email, firstRequestAt: at, requestCount: 1 });
    }
  });

  it('runs a statement holding a chunk it does not read (a list) through drizzle, values and all', async () => {
    const rows = await runPrepared<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from (values (1), (2)) v(x) where x in ${[1, 2]}`,
    );
    expect(rows).toEqual([{ n: 2 }]);
    const other = await runPrepared<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from (values (1), (2)) v(x) where x in ${[2, 3]}`,
    );
    expect(other).toEqual([{ n: 1 }]);
  });
});
