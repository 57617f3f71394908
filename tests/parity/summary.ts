/** The closing line of `npm run test:parity`: how many flows passed, and the wall time including setup. */
import type { Reporter, TestModule } from 'vitest/node';

export function summary(): Reporter {
  const started = performance.now();
  return {
    onTestRunEnd(modules: readonly TestModule[]) {
      const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
      for (const module of modules) for (const test of module.children.allTests()) counts[test.result().state]++;
      const wall = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `\nparity: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${wall} s (bundling, database and deploys included)`,
      );
    },
  };
}
