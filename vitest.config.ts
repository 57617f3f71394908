import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    // VITEST_JSON keeps the PostgreSQL run (npm run test:pg) from overwriting the main report.
    reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON ?? 'test-results/unit.json' }]],
  },
});
