import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { configDefaults, defineConfig } from 'vitest/config';
import { sourceFiles } from './scripts/lib/import-graph.ts';
import { testsWithoutDatabase } from './scripts/lib/database-tests.ts';
import { fileTimingsFile, timingsFile, timingsReporter } from './scripts/lib/timings-reporter.ts';

// The test files' worker threads share one V8, and with it the process-wide cache of PGlite's wasm-to-JS import
// wrappers. V8 13.6 (Node 24) upgrades a wrapper after 1,000 calls, and a thread upgrading one while another thread's
// copy is freed can abort the whole run (`Check failed: jit_page_->allocations_.erase(addr) == 1` under
// Runtime_TierUpWasmToJSWrapper, once in about ten full runs). Wrappers are never upgraded in the tests: that code
// path is gone, for a few nanoseconds more per PGlite call into JavaScript (docs/decisions/0039-test-time-budget.md).
// V8 flags are per process; this file is read by the main process before any worker starts.
setFlagsFromString('--wasm-wrapper-tiering-budget=2147483647');

const report = process.env.VITEST_JSON ?? 'test-results/unit.json';
const withoutDatabase = () =>
  testsWithoutDatabase(
    import.meta.dirname,
    sourceFiles(import.meta.dirname, ['tests/unit'])
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => file.slice(import.meta.dirname.length + 1)),
  );
const TIMEOUT = 20_000;

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    // `npm run test:pg` leaves out the files that never open a database: the unit step ran them already.
    ...(process.env.PG_DATABASE_TESTS_ONLY === '1'
      ? { exclude: [...configDefaults.exclude, ...withoutDatabase()] }
      : {}),
    environment: 'node',
    // The migrated database each file starts from (a PGlite dump, or a template database on PostgreSQL), and on
    // PostgreSQL a database of each file's own, so files run in parallel there too.
    globalSetup: ['tests/unit/global-setup.ts'],
    setupFiles: ['tests/unit/setup-database.ts', 'tests/unit/setup-password-hash.ts'],
    // vitest leaves one of two cores to itself by default; the files wait on WebAssembly and PostgreSQL, so
    // a worker per core is faster (measured: docs/decisions/0039-test-time-budget.md).
    maxWorkers: availableParallelism(),
    // Each file in a worker thread of its own rather than a child process of its own: the same isolation (a
    // module graph, process.env and globals per file) for about a quarter less CPU (measured: 0039).
    pool: 'threads',
    // PGlite's WebAssembly start and queries slow down when the machine's two cores are busy (CI).
    testTimeout: TIMEOUT,
    // VITEST_JSON keeps the PostgreSQL run (npm run test:pg) from overwriting the main report.
    reporters: [
      'default',
      ['json', { outputFile: report }],
      timingsReporter(timingsFile(report), TIMEOUT, fileTimingsFile(report)),
    ],
  },
});
