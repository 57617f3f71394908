import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { fileTimingsFile, timingsFile, timingsReporter } from './scripts/lib/timings-reporter.ts';

const report = process.env.VITEST_JSON ?? 'test-results/unit.json';
const TIMEOUT = 20_000;

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
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
