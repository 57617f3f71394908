import { and, asc, eq, lt, notLike, sql } from 'drizzle-orm';
import { openPostgres } from './src/db/client.ts';
import { applyMigrations } from './src/db/migrate.ts';
import { mailOutbox } from './src/db/schema.ts';
import { dueMail } from './src/server/mail/sender.ts';
const h = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
await applyMigrations(h.db);
await h.db.execute(sql`insert into mail_outbox (idempotency_key, kind, "to", subject, text_body, html_body, status, sent_at, created_at)
 select 'h:' || i, 'contact.staff', 's@example.com', 'S', 'T', '<p>T</p>', case when i % 500 = 0 then 'pending' else 'sent' end, now(), now() - i * interval '1 second' from generate_series(1, 20000) i`);
await h.db.execute(sql`analyze mail_outbox`);
const old = (now: Date) => h.db.select().from(mailOutbox).where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.nextAttemptAt, new Date(now.getTime() + 1)), notLike(mailOutbox.kind, 'slack.%'))).orderBy(asc(mailOutbox.createdAt)).limit(25);
const kinds = { mail: true, slack: false };
const res: Record<string, number[]> = { old: [], new: [] };
for (const round of [1, 2, 3, 4, 5, 6]) {
  for (const [name, q] of [['old', () => old(new Date()).prepare('o').execute()], ['new', () => dueMail(h.db, new Date(), 25, kinds).prepare('n').execute()]] as const) {
    const t = performance.now();
    for (let i = 0; i < 2000; i++) await q();
    res[name].push((performance.now() - t) / 2000 * 1000);
  }
}
console.log('old', res.old.map((x) => x.toFixed(0)).join(' '), 'new', res.new.map((x) => x.toFixed(0)).join(' '));
await h.close();
