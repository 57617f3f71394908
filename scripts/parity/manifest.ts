/**
 * The one place the parity run reaches into @netlify/functions-dev (2.0.8). Its registry takes a folder of
 * ZIP functions with their build manifest and unpacks each archive, but then:
 * - it hands the manifest's routes to `setRoutes`, which only stores them in `buildData`, and an archive
 *   never gets `buildData` (that comes from building a source): the functions keep no route and answer
 *   nothing but `/.netlify/functions/<name>`;
 * - without `buildData` it takes every archive for a v1 (Lambda-style) function and runs all of them in the
 *   server's own process: one process.env for every function, NETLIFY_BLOBS_CONTEXT overwritten with the
 *   string "undefined" (v1 functions get no Blobs), and LAMBDA_TASK_ROOT fixed to the folder of whichever
 *   function ran first (lambda-local sets it once), where Lambda gives each function its own.
 * So, once the scan is done, each registered function gets from the manifest what a build would have set:
 * its routes and the build data of a v2 function whose entry is the archive's `___netlify-entry-point.mjs`.
 * The registry then runs each invocation in a fresh Worker, as it does for every v2 function it builds.
 *
 * One more gap: Lambda starts a function with LAMBDA_TASK_ROOT (and the working folder) at the unpacked
 * archive, where `included_files` land. In a worker lambda-local sets LAMBDA_TASK_ROOT to the process's
 * working folder, one for all functions (and a worker cannot chdir). So the entry the worker loads is a
 * two-line module next to the archive that sets LAMBDA_TASK_ROOT to the archive's root, as Lambda's runtime
 * does, then hands over to the archive's own entry point; the archive itself stays as built.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunctionsHandler } from '@netlify/functions-dev';
import type { FunctionsManifest } from '@netlify/zip-it-and-ship-it';
import { mainFileOfEntryPoint } from '../lib/bundles.ts';

/** The manifest.json zip-it-and-ship-it writes next to the archives. */
export type Manifest = FunctionsManifest;

interface RegisteredFunction {
  mainFile: string;
  routes?: unknown[];
  excludedRoutes?: unknown[];
  schedule?: string;
  buildData?: Record<string, unknown>;
}

// The private members the fix needs (TypeScript-private only; plain properties at run time).
interface Internals {
  scan: Promise<void>;
  registry: { get(name: string): RegisteredFunction | undefined };
}

/**
 * Waits for the registry to unpack every archive, then gives each function its routes and build data. With
 * `timeImports` (`npm run bench:cold`) each invocation prints `cold-import <name> <ms>`: how long the import of the
 * function's own module took in its fresh worker, before the runtime's bootstrap and the handler ran.
 */
export async function adoptManifest(
  handler: FunctionsHandler,
  manifest: Manifest,
  root: string,
  timeImports = false,
): Promise<string[]> {
  const { scan, registry } = handler as unknown as Internals;
  await scan;
  const entries = path.join(root, '.entries');
  mkdirSync(entries, { recursive: true });
  const served: string[] = [];
  for (const entry of manifest.functions) {
    const fn = registry.get(entry.name);
    if (!fn) continue; // not in this instance's folder
    if (!fn.mainFile.endsWith('___netlify-entry-point.mjs')) {
      throw new Error(`${entry.name}: the archive has no ___netlify-entry-point.mjs (not a v2 function?)`);
    }
    fn.routes = entry.routes ?? [];
    fn.excludedRoutes = entry.excludedRoutes ?? [];
    fn.schedule = entry.schedule;
    const entryFile = path.join(entries, `${entry.name}.mjs`);
    const taskRoot = `process.env.LAMBDA_TASK_ROOT = ${JSON.stringify(path.dirname(fn.mainFile))};\n`;
    const main = JSON.stringify(pathToFileURL(fn.mainFile).href);
    // The entry point hands the runtime the function module's name; the module itself loads on the first call.
    const functionModule = timeImports && mainFileOfEntryPoint(readFileSync(fn.mainFile, 'utf8'));
    const timed =
      functionModule &&
      `const started = performance.now();\n` +
        `await import(${JSON.stringify(pathToFileURL(path.join(path.dirname(fn.mainFile), functionModule)).href)});\n` +
        `console.log(\`cold-import ${entry.name} \${(performance.now() - started).toFixed(1)}\`);\n`;
    writeFileSync(entryFile, `${taskRoot}${timed || ''}export { handler } from ${main};\n`);
    fn.buildData = {
      ...entry.buildData,
      buildPath: entryFile,
      invocationMode: entry.invocationMode,
      routes: fn.routes,
      excludedRoutes: fn.excludedRoutes,
      schedule: entry.schedule,
    };
    served.push(entry.name);
  }
  return served;
}
