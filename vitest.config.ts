import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    // PGlite's WebAssembly start and queries slow down when the machine's two cores are busy (CI).
    testTimeout: 20_000,
    // VITEST_JSON keeps the PostgreSQL run (npm run test:pg) from overwriting the main report.
    reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON ?? 'test-results/unit.json' }]],
  },
});
