/**
 * The outbox's hot queries read indexes, not the whole table, however much history it holds
 * (docs/decisions/0034-form-api-speed.md): the drain's due mails through `mail_outbox_due_idx`, and a submit's
 * caps and mails through their keys' unique indexes. Plans of a table of 20,000 sent mails and counters, read
 * with EXPLAIN (nothing is written). Under test:pg on PostgreSQL 15 too.
 */
import { sql, type SQL } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, rateLimits } from '../../../src/db/schema.ts';
import { withCtes } from '../../../src/db/statement.ts';
import { mailsInStatement } from '../../../src/server/mail/outbox.ts';
import { dueMail } from '../../../src/server/mail/sender.ts';
import { contactMails } from '../../../src/server/mail/templates.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { useTestDatabase } from '../test-db.ts';

const handle = useTestDatabase({ empty: [mailOutbox, rateLimits], serviceOnly: true });
const HISTORY = 20_000;

/** The plan of `query` with its values written in, as one text. */
async function plan(query: SQL): Promise<string> {
  const result = (await handle.db.execute(sql`explain ${query.inlineParams()}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

beforeEach(async () => {
  await handle.db.execute(sql`
    insert into mail_outbox (idempotency_key, kind, "to", subject, text_body, html_body, status, sent_at, created_at)
    select 'history:' || i, 'contact.staff', 'staff@example.com', 'Old', 'Text', '<p>Text</p>',
           case when i % 1000 = 0 then 'pending' else 'sent' end, now() - i * interval '1 minute',
           now() - i * interval '1 minute'
    from generate_series(1, ${HISTORY}::int) as i`);
  await handle.db.execute(sql`
    insert into rate_limits (key, window_start, count)
    select 'mail-cap:to:' || i, date_trunc('day', now()) - (i % 30) * interval '1 day', 1
    from generate_series(1, ${HISTORY}::int) as i`);
  await handle.db.execute(sql`analyze mail_outbox`);
  await handle.db.execute(sql`analyze rate_limits`);
});

describe('the outbox at 20,000 rows', () => {
  it("reads a drain round's due mails through mail_outbox_due_idx", async () => {
    for (const kinds of [
      { mail: true, slack: true },
      { mail: true, slack: false },
      { mail: false, slack: true },
    ]) {
      const text = await plan(dueMail(handle.db, new Date(), 25, kinds).getSQL());
      expect(text).toContain('mail_outbox_due_idx');
      expect(text).not.toMatch(/Seq Scan on mail_outbox/);
    }
  });

  it("takes a submit's caps and writes its mails through their keys' unique indexes", async () => {
    const mails = mailsInStatement('contact:plan', contactMails({ id: 'plan', ...contactPayload() }), new Date(), {
      after: 'request',
      leadId: sql`null`,
    });
    const text = await plan(withCtes([['request', sql`select 1`], ...mails.ctes], sql`select 1`));
    expect(text).toMatch(/Conflict Arbiter Indexes: rate_limits_key_window_start_pk/);
    expect(text).toMatch(/Conflict Arbiter Indexes: mail_outbox_idempotency_key_idx/);
    expect(text).not.toMatch(/Seq Scan on (mail_outbox|rate_limits)/);
  });
});
