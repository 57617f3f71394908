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
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunctionsHandler } from '@netlify/functions-dev';
import type { FunctionsManifest } from '@netlify/zip-it-and-ship-it';

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

/** Waits for the registry to unpack every archive, then gives each function its routes and build data. */
export async function adoptManifest(handler: FunctionsHandler, manifest: Manifest, root: string): Promise<string[]> {
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
    writeFileSync(
      entryFile,
      `process.env.LAMBDA_TASK_ROOT = ${JSON.stringify(path.dirname(fn.mainFile))};\n` +
        `export { handler } from ${JSON.stringify(pathToFileURL(fn.mainFile).href)};\n`,
    );
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
