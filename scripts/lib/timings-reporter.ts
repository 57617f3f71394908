/**
 * A vitest reporter that writes each test's time and its own timeout beside the JSON report (which has the
 * time but not the timeout), so `npm test`'s summary can name the tests past half of theirs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface TestTiming {
  title: string;
  ms: number;
  timeout: number;
}

/** The timings file beside a JSON report: `unit.json` → `unit-timings.json`. */
export const timingsFile = (report: string) => report.replace(/\.json$/, '-timings.json');

export function timingsReporter(outputFile: string, defaultTimeout: number): Reporter {
  return {
    onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
      const timings: TestTiming[] = [];
      for (const module of testModules) {
        for (const test of module.children.allTests()) {
          const ms = test.diagnostic()?.duration;
          if (ms === undefined) continue;
          timings.push({ title: test.fullName, ms, timeout: test.options.timeout ?? defaultTimeout });
        }
      }
      mkdirSync(path.dirname(outputFile), { recursive: true });
      writeFileSync(outputFile, JSON.stringify(timings));
    },
  };
}
