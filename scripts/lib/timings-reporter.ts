/**
 * A vitest reporter that writes each test's time and its own timeout beside the JSON report (which has the
 * time but not the timeout), so `npm test`'s summary can name the tests past half of theirs; and each test
 * file's own time (import, set-up hooks and tests), so it can name the slowest files, which the JSON report
 * cannot (its file times leave out the hooks, where a file opens its database).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface TestTiming {
  title: string;
  ms: number;
  timeout: number;
}

export interface FileTiming {
  /** The file, relative to the project. */
  file: string;
  /** From the start of its import to the end of its last hook: what the file costs a worker. */
  ms: number;
}

/** The timings file beside a JSON report: `unit.json` → `unit-timings.json`. */
export const timingsFile = (report: string) => report.replace(/\.json$/, '-timings.json');

/** The file timings beside a JSON report: `unit.json` → `unit-files.json`. */
export const fileTimingsFile = (report: string) => report.replace(/\.json$/, '-files.json');

export function timingsReporter(outputFile: string, defaultTimeout: number, filesFile?: string): Reporter {
  return {
    onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
      const timings: TestTiming[] = [];
      const files: FileTiming[] = [];
      for (const module of testModules) {
        for (const test of module.children.allTests()) {
          const ms = test.diagnostic()?.duration;
          if (ms === undefined) continue;
          timings.push({ title: test.fullName, ms, timeout: test.options.timeout ?? defaultTimeout });
        }
        const diagnostic = module.diagnostic();
        files.push({
          file: path.relative(process.cwd(), module.moduleId),
          ms: Math.round(diagnostic.setupDuration + diagnostic.collectDuration + diagnostic.duration),
        });
      }
      mkdirSync(path.dirname(outputFile), { recursive: true });
      writeFileSync(outputFile, JSON.stringify(timings));
      if (filesFile) writeFileSync(filesFile, JSON.stringify(files.sort((a, b) => b.ms - a.ms)));
    },
  };
}
