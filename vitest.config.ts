import { defineConfig } from 'vitest/config';
import { fileTimingsFile, timingsFile, timingsReporter } from './scripts/lib/timings-reporter.ts';

const report = process.env.VITEST_JSON ?? 'test-results/unit.json';
const TIMEOUT = 20_000;

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
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
