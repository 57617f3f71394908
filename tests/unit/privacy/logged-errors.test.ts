/**
 * A failed database write in the functions' log (issue 37, finding 6b): the error as drizzle throws it prints the
 * statement's bound values (a person's answers), and Postgres's own names a row's values in its detail. What is
 * logged keeps what helps to fix it (the SQLSTATE code, the constraint, the table, the message) and none of the
 * values.
 */
import { sql } from 'drizzle-orm';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contact from '../../../netlify/functions/contact.mts';
import { leads } from '../../../src/db/schema.ts';
import { loggable, messageWithoutValues, statementOf } from '../../../src/server/loggable.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { call } from '../function-harness.ts';
import { ada } from './privacy-harness.ts';
import { useTestDatabase } from '../test-db.ts';

const handle = useTestDatabase({ empty: [leads] });
const secretMessage = 'Our confidential pipeline: QX-4471 enters phase II in March.';

/** Everything the console printed during `run`, as the runtime's log would show it. */
async function captured(run: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) =>
    void lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 5 }))).join(' '));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation(keep);
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return lines.join('\n');
}

afterEach(async () => {
  await handle.db.execute(sql`alter table contact_messages drop constraint if exists test_refuses_messages`);
});

describe('a database write that fails with a person’s data', () => {
  it('is logged with its code, constraint, table and message, and none of the values it was given', async () => {
    await handle.db.execute(
      sql`alter table contact_messages add constraint test_refuses_messages check (length(message) < 5) not valid`,
    );
    let status = 0;
    const log = await captured(async () => {
      const res = await call(contact.default, '/api/contact', {
        ...contactPayload(),
        email: ada.email,
        name: ada.name,
        company: ada.company,
        message: secretMessage,
      });
      status = res.status;
    });
    expect(status).toBe(503);
    expect(log).toContain('23514');
    expect(log).toContain('test_refuses_messages');
    expect(log).toContain('contact_messages');
    expect(log).toMatch(/violates check constraint/);
    for (const value of [ada.email, ada.name, ada.company, 'QX-4471', 'confidential']) expect(log).not.toContain(value);
  });

  it('drops the values Postgres names in a unique violation’s detail and a refused value in its message', async () => {
    await handle.db
      .insert(leads)
      .values({ emailKey: ada.email, email: ada.email, firstRequestAt: new Date(), lastActivityAt: new Date() });
    const duplicate = await handle.db
      .insert(leads)
      .values({
        emailKey: ada.email,
        email: ada.email,
        name: ada.name,
        firstRequestAt: new Date(),
        lastActivityAt: new Date(),
      })
      .catch((error: unknown) => error);
    const printed = inspect(loggable(duplicate), { depth: 5 });
    expect(printed).toContain('23505');
    expect(printed).toContain('leads_email_key_idx');
    expect(printed).toContain('insert into "leads"');
    expect(printed).not.toContain(ada.email);
    expect(printed).not.toContain(ada.name);
    // Without loggable the same error names her: the test would catch a driver that changed its shape.
    expect(inspect(duplicate, { depth: 5 })).toContain(ada.email);

    const badId = await handle.db.execute(sql`select ${ada.name}::uuid`).catch((error: unknown) => error);
    const shown = inspect(loggable(badId), { depth: 5 });
    expect(shown).toContain('22P02');
    expect(shown).not.toContain('Ada');
  });

  it('leaves any other error as it is, and words a driver message without its value', () => {
    const other = new Error('the store is down');
    expect(loggable(other)).toBe(other);
    expect(messageWithoutValues('invalid input syntax for type uuid: "Ada Quill"')).toBe(
      'invalid input syntax for type uuid: [value]',
    );
    expect(statementOf('with "l" as (select 1) insert into "contact_messages" ("a") values ($1)')).toBe(
      'insert into "contact_messages"',
    );
    expect(statementOf('update "leads" set "name" = $1')).toBe('update "leads"');
  });
});
