/**
 * `npm run bench:connections`: what a deployed function's database connection costs. A deployed invocation opens
 * its own connections and closes them when it is done (src/db/client.ts, openInvocation); `npm run serve` shares
 * one pool. Against the PostgreSQL server of BENCH_DATABASE_URL (e.g. inside scripts/with-postgres.sh), RUNS times
 * (200): open, one query, close, through node-postgres and through Netlify Database's own driver (@netlify/database,
 * as production opens it); and the same query on one pool kept open. Prints p50 and p95 of each.
 */
import { openChoice } from '../src/db/client.ts';
import { sql } from 'drizzle-orm';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL to a local PostgreSQL server (scripts/with-postgres.sh starts one).');
  process.exit(1);
}
const runs = Number(process.env.RUNS ?? 200);

async function time(label: string, once: () => Promise<unknown>) {
  await once(); // the modules loaded, the server warm
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!.toFixed(2);
  console.log(`  ${label.padEnd(58)} p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms`);
}

const perInvocation = (driver: 'node-postgres' | 'netlify-database') => async () => {
  const handle = await openChoice(
    driver === 'node-postgres' ? { source: 'DATABASE_URL', driver, url } : { source: 'NETLIFY_DB_URL', driver, url },
  );
  await handle.db.execute(sql`select 1`);
  await handle.close();
};

console.log(`Database connections, ${runs} runs each, against ${new URL(url).host}`);
await time('open, query, close (node-postgres, as DATABASE_URL)', perInvocation('node-postgres'));
await time('open, query, close (@netlify/database, as production)', perInvocation('netlify-database'));
const shared = await openChoice({ source: 'DATABASE_URL', driver: 'node-postgres', url });
await time('query on one pool kept open (npm run serve)', () => shared.db.execute(sql`select 1`));
await shared.close();
