/**
 * `npm run test:parity`: real user flows over HTTP against the functions as Netlify bundles and runs them
 * (tests/parity/global-setup.ts starts the deploys). The files share one database and one set of deploys,
 * so they run one after the other; a request may start a function cold (a fresh worker each time).
 */
import { defineConfig } from 'vitest/config';
import { summary } from './tests/parity/summary.ts';
import { timingsReporter } from './scripts/lib/timings-reporter.ts';

export default defineConfig({
  test: {
    include: ['tests/parity/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/parity/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: [
      'default',
      ['json', { outputFile: 'test-results/parity.json' }],
      summary(),
      timingsReporter('test-results/parity-timings.json', 60_000),
    ],
  },
});
