// docs/configuration.md and the code agree: every variable the code reads is listed there once, in the group of
// who sets it (or is one of the few below that nobody sets by hand), and every item names a variable something
// still reads.
//
// Scanned: everything that runs as part of the product or its commands: src/ (pages, islands, server), netlify/
// (functions), scripts/ (npm scripts, `npm run serve`, the test runner, with-postgres.sh), bench/ (the bench
// commands), tests/ (test-only variables such as TEST_DATABASE_URL have rows too), the root config files
// (astro, playwright, vitest, drizzle, eslint) and .ci/run. Not scanned: node_modules (libraries read their own
// variables, e.g. Astro's telemetry switch; their rows say who reads them), docs and content (no code), and the
// scanner's own two files, whose comments and fixtures show the patterns.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../../src/config/settings.ts';
import { documentedVariables, envReads, GROUPS, readsInScript, readsInShell, scannedFiles } from './env-scan.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const SELF = ['tests/unit/config/env-scan.ts', 'tests/unit/config/env-vars.test.ts'];
const files = scannedFiles(root, ['src', 'netlify', 'scripts', 'bench', 'tests'], ['.ci/run']).filter(
  (file) => !SELF.includes(path.relative(root, file)),
);
const reads = envReads(root, files);
// The per-site settings are read by their names from one table (SETTINGS), not one by one: each is a read there.
for (const name of Object.keys(SETTINGS)) reads.set(name, [...(reads.get(name) ?? []), 'src/config/settings.ts']);
const configuration = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
const { names: documented, section, groups } = documentedVariables(configuration);

/** Read by the code, set by no person: each is set by the tool or platform named, for the code it starts. */
const NOT_SET_BY_HAND: Record<string, string> = {
  CI: 'set by every CI service (GitHub Actions, .ci/run); Playwright retries once and forbids test.only under it',
  VITEST_JSON: "set by package.json's test:pg and bench/fuzz.ts for the Vitest run they start (its JSON report)",
  PG_DATABASE_TESTS_ONLY:
    "set by package.json's test:pg: its Vitest run leaves out the files that never reach the database (vitest.config.ts)",
  E2E_DATA_DIR: 'set by playwright.config.ts for its own workers, so they open the data folder of its server',
  E2E_CMS_DIR: 'set by playwright.config.ts: the scratch copy of content/ its editor server writes to, for its workers',
  E2E_CMS_DATA_DIR: 'set by playwright.config.ts: the data folder of its editor server (tests/e2e/cms.spec.ts)',
  PGPORT_TEST: "set by package.json's test:parity for scripts/with-postgres.sh, beside test:pg's server",
  FUZZ_REPORT: 'set by bench/fuzz.ts for the property tests it runs (where they append their figures)',
  LAMBDA_TASK_ROOT: "set by the functions' runtime (and the parity run's stand-in for it): a bundle's own folder",
  NETLIFY_BLOBS_CONTEXT: "set by Netlify's runtime (and scripts/lib/blobs.ts locally) for @netlify/blobs",
};

/** A bench's knobs: the opening comment of the bench file that reads one names it, with its default. */
const BENCH_KNOBS = [
  'BENCH_URL',
  'BENCH_PRELOAD',
  'BENCH_PROFILE',
  'CONNECTIONS',
  'DURATION',
  'RUNS',
  'FUZZ_RUNS',
  'FUZZ_SEED',
  'LOAD_SECONDS',
  'FAULT_AT',
  'FAULTS',
  'FAULTS_PG_PORT',
  'FAULTS_PORT',
  'FAULTS_MAIL_PORT',
  'FAULTS_BLOBS_PORT',
  'FAULTS_PROXY_PORT',
  'FAULTS_KEEP_LOG',
  'THINK_MS',
];

/** Named in the row of the variable it stands in for, rather than in a row of its own. */
const NAMED_IN_ROW: Record<string, string> = { NETLIFY_DATABASE_URL: 'NETLIFY_DB_URL' };

const exempt = new Set([...Object.keys(NOT_SET_BY_HAND), ...BENCH_KNOBS, ...Object.keys(NAMED_IN_ROW)]);

describe('the environment variables of docs/configuration.md', () => {
  it('lists every variable the code reads', () => {
    const missing = [...reads]
      .filter(([name]) => !documented.includes(name) && !exempt.has(name))
      .map(([name, where]) => `${name} (read in ${where.join(', ')})`);
    expect(missing, 'add an item to its group in docs/configuration.md').toEqual([]);
  });

  it('lists no variable nothing reads', () => {
    expect(documented.filter((name) => !reads.has(name))).toEqual([]);
  });

  it('lists each variable once, and none it exempts', () => {
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
    expect(documented.filter((name) => exempt.has(name))).toEqual([]);
  });

  it('exempts only variables that are read, each where it says', () => {
    expect([...exempt].filter((name) => !reads.has(name))).toEqual([]);
    for (const [name, row] of Object.entries(NAMED_IN_ROW)) {
      expect(section.split('\n').find((line) => line.startsWith(`- \`${row}\``))).toContain(`\`${name}\``);
    }
    for (const name of BENCH_KNOBS) {
      for (const file of reads.get(name)!.filter((where) => where.startsWith('bench/'))) {
        const opening = readFileSync(path.join(root, file), 'utf8').split('*/')[0]!;
        expect(opening, `${file} should name ${name} in its opening comment`).toContain(name);
      }
    }
  });

  it("has its three groups, each variable where its setter is: the settings and secrets yours, the platform's Netlify's", () => {
    expect(Object.keys(groups)).toEqual([...GROUPS]);
    const [yours, netlifys, local] = GROUPS.map((group) => groups[group]!);
    for (const name of [...Object.keys(SETTINGS), 'BETTER_AUTH_SECRET', 'HEALTH_TOKEN', 'RESEND_API_KEY'])
      expect(yours, name).toContain(name);
    for (const name of ['SITE_ID', 'URL', 'NETLIFY', 'COMMIT_REF', 'CONTEXT', 'NETLIFY_DB_URL', 'REPOSITORY_URL'])
      expect(netlifys, name).toContain(name);
    for (const name of ['PORT', 'DATA_DIR', 'TEST_DATABASE_URL', 'CHROMIUM_PATH']) expect(local, name).toContain(name);
  });

  it('sees the variables the platform code reads (NETLIFY, NETLIFY_PURGE_API_TOKEN, URL, SITE_NAME)', () => {
    expect(reads.get('NETLIFY')).toEqual([
      'astro.config.mjs',
      'scripts/lib/identity-build-check.ts',
      'src/config/platform.ts',
    ]);
    expect(reads.get('NETLIFY_PURGE_API_TOKEN')).toEqual(['src/features/blog/cache.ts']);
    expect(reads.get('URL')).toEqual(['src/config/settings.ts']);
    expect(reads.get('SITE_NAME')).toEqual(['src/config/cms.ts', 'src/features/accounts/auth.ts']);
    expect(reads.get('ADMIN_BOOTSTRAP_EMAIL')).toEqual(['src/features/accounts/first-admin.ts']);
    expect(reads.get('PGBIN')).toEqual([
      'bench/faults/cluster.ts',
      'scripts/lib/prerequisites.ts',
      'scripts/with-postgres.sh',
    ]);
  });
});

describe('the scanner of environment variables', () => {
  it('finds every way a script reads one, and no assignment or deletion', () => {
    const text = [
      'const a = process.env.ALPHA ?? 1;',
      "const b = process.env['BRAVO'];",
      'const c = env.CHARLIE || env?.DELTA;',
      "const d = Netlify.env.get('ECHO');",
      "const { FOXTROT, GOLF: golf, HOTEL = '1' } = process.env;",
      'process.env.INDIA ??= "x"; if (env.JULIET === "y") {}',
      'process.env.KILO = "set for a child"; delete process.env.LIMA; env.toObject(); env.lower;',
    ].join('\n');
    expect([...readsInScript(text)].sort()).toEqual(
      ['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA', 'ECHO', 'FOXTROT', 'GOLF', 'HOTEL', 'INDIA', 'JULIET'].sort(),
    );
  });

  it("finds a shell script's overrides and inherited names, not its own variables", () => {
    const text = 'PGBIN=${PGBIN:-/usr/lib}\nPORT=${PGPORT_TEST:-1}\necho "$PORT $HOME ${dir}"\nexport OUT=1\n';
    expect([...readsInShell(text)].sort()).toEqual(['HOME', 'PGBIN', 'PGPORT_TEST']);
  });

  it('reads the name opening each item of a group, and reports a variable missing from the groups', () => {
    const doc =
      '# X\n\n- `NOT_IN_A_GROUP`: x\n\n## Set by Netlify\n\n- `PORT`: p, not `HOST`\n\n## Next\n\n- `OTHER`: y\n';
    const { names, groups } = documentedVariables(doc);
    expect(names).toEqual(['PORT']);
    expect(groups).toEqual({ 'Set by Netlify': ['PORT'] });
    const code = readsInScript('const port = process.env.PORT; const host = process.env.HOST;');
    expect([...code].filter((name) => !names.includes(name))).toEqual(['HOST']);
    expect(documentedVariables('# A page without the groups\n').names).toEqual([]);
  });
});
