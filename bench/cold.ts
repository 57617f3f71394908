/**
 * `npm run bench:cold`: every function's cold invocation, as a visitor or a staff member meets it after a quiet
 * hour. The functions are bundled as a Netlify deploy bundles them (scripts/parity/artifacts.ts: the build step's
 * bundles, then zip-it-and-ship-it's ZIP archives) and served by the parity run's copy of Netlify's runtime
 * (scripts/parity/server.ts: `FunctionsHandler`, a fresh worker for every invocation, so every request is cold),
 * beside an empty v2 function (bench/cold-empty/empty.mts) bundled the same way and never deployed: the floor.
 *
 * RUNS rounds (20); each round sends every function its first request (bench/cold-probes.ts) one after the other,
 * so a change in the machine's load touches every function alike. It prints per function: the archive's size and
 * files, the median and p90 of the whole request, the ratio of its median to the empty function's, and the
 * medians of the import of its module (timed inside the worker) and of the rest (the runtime's worker and the
 * handler). It exits non-zero when a function's median passes its ratio (PUBLIC_RATIO, STAFF_RATIO), or when an
 * answer is not the status its probe expects (a refused request is not a cold start).
 *
 * Needs the build (`npm run build`) and an empty PostgreSQL server, migrated here first:
 *
 *   scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL npm run bench:cold'
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { assembleDeploy, buildAndBundle, buildArtifacts } from '../scripts/parity/artifacts.ts';
import { startInstance } from '../scripts/parity/instance.ts';
import { listZip } from '../scripts/lib/zip-reader.ts';
import { openPostgres } from '../src/db/client.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { deployedSettings } from '../tests/fixtures/deployed-settings.ts';
import { PROBES, type Probe } from './cold-probes.ts';
import { percentile } from './timing.ts';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.RUNS ?? 20);
const EMPTY = 'empty';
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) {
  console.error(
    "Set BENCH_DATABASE_URL: scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL npm run bench:cold'",
  );
  process.exit(1);
}
if (!existsSync(path.join(root, 'dist', 'blog-shell.html'))) {
  console.error('No build in dist/: run `npm run build` first, then `npm run bench:cold` again.');
  process.exit(1);
}

const work = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'bench-cold-'));
chmodSync(work, 0o755); // the functions' user (scripts/parity/server.ts) must reach the unpacked archives
const folder = (name: string) => {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const token = randomBytes(16).toString('hex');
const blobs = new BlobsServer({ directory: folder('blobs'), token });
process.once('exit', () => {
  if (process.getuid?.() !== 0) spawnSync('chmod', ['-R', 'u+w', work]); // the instance took the write bits
  rmSync(work, { recursive: true, force: true });
});

const started = performance.now();
const db = await openPostgres(databaseUrl, { max: 1 });
await applyMigrations(db.db).finally(() => db.close());
const artifacts = await buildArtifacts(root, folder('artifacts'));
const empty = await buildAndBundle(root, path.join(root, 'bench/cold-empty'), folder('empty'));
// The site's functions and the empty one, in one deploy (the probes below list the site's only).
assembleDeploy(artifacts.directory, [{ from: artifacts }, { from: empty }]);
const bundled = ((performance.now() - started) / 1000).toFixed(1);

const missing = artifacts.functions.map((f) => f.name).filter((name) => !PROBES[name]);
if (missing.length) throw new Error(`bench/cold-probes.ts has no request for ${missing.join(', ')}`);
const probes: [string, Probe][] = [
  [EMPTY, { method: 'GET', path: '/bench/empty', status: 200, ratio: 1 }],
  ...artifacts.functions.map((f) => [f.name, PROBES[f.name]!] as [string, Probe]),
];

const { port } = await blobs.start();
const edgeURL = `http://127.0.0.1:${port}`;
const siteID = randomUUID();
const deployID = randomBytes(12).toString('hex');
const publicUrl = deployedSettings.SITE_URL;
const instance = await startInstance(
  'cold',
  {
    artifacts: artifacts.directory,
    root: folder('root'),
    dist: path.join(root, 'dist'),
    netlifyToml: path.join(root, 'netlify.toml'),
    publicUrl,
    deploy: { id: deployID, context: 'production', published: true, branch: 'main' },
    timeImports: true,
  },
  {
    SITE_ID: siteID,
    SITE_NAME: 'bolesta',
    URL: 'https://bolesta.netlify.app',
    ...deployedSettings,
    NETLIFY_DB_URL: databaseUrl,
    NETLIFY_BLOBS_CONTEXT: Buffer.from(
      JSON.stringify({ edgeURL, uncachedEdgeURL: edgeURL, siteID, deployID, token, primaryRegion: 'us-east-2' }),
    ).toString('base64'),
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
    HEALTH_TOKEN: randomBytes(32).toString('base64url'),
    // Every submit comes from 127.0.0.1: the per-address limit would refuse all but the first ten.
    FORM_RATE_LIMIT: '100000',
    RESEND_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
    // The schedulers' webhooks answer an unsigned probe 401 (not 503) once their secrets are set.
    CALENDLY_WEBHOOK_SIGNING_KEY: randomBytes(24).toString('base64url'),
    CAL_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
  },
  { cwd: folder('cwd'), logDir: work },
);

const times = new Map<string, number[]>(probes.map(([name]) => [name, []]));
const failures: string[] = [];
try {
  for (let round = 0; round < runs; round++) {
    for (const [name, probe] of probes) {
      const headers = new Headers({ Origin: new URL(publicUrl).origin });
      if (probe.json) headers.set('Content-Type', 'application/json');
      const body = probe.json ? JSON.stringify(probe.json()) : undefined;
      const start = performance.now();
      const res = await fetch(new URL(probe.path, instance.url), { method: probe.method, headers, body });
      const text = await res.text();
      times.get(name)!.push(performance.now() - start);
      if (res.status !== probe.status) {
        failures.push(
          `${name}: ${probe.method} ${probe.path} answered ${res.status}, not ${probe.status}: ${text.slice(0, 200)}`,
        );
      }
    }
    process.stdout.write(`\rround ${round + 1}/${runs}`);
  }
} finally {
  await instance.stop();
  await blobs.stop();
}
console.log('\n');

const imports = new Map<string, number[]>();
for (const [, name, ms] of readFileSync(instance.log, 'utf8').matchAll(/^cold-import (\S+) ([\d.]+)$/gm)) {
  imports.set(name!, [...(imports.get(name!) ?? []), Number(ms)]);
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[] | undefined) => (values?.length ? percentile(sorted(values), 0.5) : NaN);
const floor = median(times.get(EMPTY));
const zips = new Map([
  ...artifacts.functions.map((f) => [f.name, f.path] as const),
  [EMPTY, path.join(artifacts.directory, `${EMPTY}.zip`)],
]);
const ms = (value: number) => (Number.isNaN(value) ? '-' : `${Math.round(value)} ms`);

console.log(
  `cold invocations: ${runs} rounds, ${probes.length} functions; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; bundled in ${bundled} s\n`,
);
console.log(
  '| function | request | status | zipped / unzipped | files | median | p90 | × empty | target | import | rest |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const [name, probe] of probes) {
  const zip = readFileSync(zips.get(name)!);
  const entries = listZip(zip);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  const all = sorted(times.get(name)!);
  const ratio = percentile(all, 0.5) / floor;
  const importMs = median(imports.get(name));
  const verdict = ratio <= probe.ratio ? 'PASS' : 'MISS';
  if (name !== EMPTY && verdict === 'MISS')
    failures.push(`${name}: median ${ratio.toFixed(2)}× the empty function's, over ${probe.ratio}×`);
  console.log(
    `| ${name} | \`${probe.method} ${probe.path.length > 40 ? `${probe.path.slice(0, 37)}…` : probe.path}\` | ${probe.status} | ${mb(zip.length)} / ${mb(entries.reduce((s, e) => s + e.size, 0))} MB | ${entries.length} | ${ms(percentile(all, 0.5))} | ${ms(percentile(all, 0.9))} | ${ratio.toFixed(1)} | ${name === EMPTY ? '' : `≤ ${probe.ratio} ${verdict}`} | ${ms(importMs)} | ${ms(percentile(all, 0.5) - importMs)} |`,
  );
}
if (failures.length) {
  console.error(`\nbench:cold FAILED:\n  ${[...new Set(failures)].slice(0, 40).join('\n  ')}`);
  process.exitCode = 1;
} else console.log('\nbench:cold: every function within its ratio');
