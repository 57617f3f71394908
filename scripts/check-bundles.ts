/**
 * `npm run check:bundles`: builds every function exactly as a Netlify deploy does (zip-it-and-ship-it with
 * the options Netlify's build derives from netlify.toml) and fails when a function does not bundle (e.g. a
 * `config.path` Netlify cannot read statically), ships PGlite, lacks a file of its `included_files`, is
 * over 20 MB unzipped, or is a public function over its stated zipped size (PUBLIC_ARCHIVE_LIMITS); beside each
 * size it prints the function's cold import time (scripts/lib/cold-import.ts). Needs the build: the functions
 * folder of netlify.toml is `build/functions`, which `npm run build` writes (scripts/build-functions.ts), and
 * `dist/` holds included files. With NETLIFY_BUNDLES_DIR set (`npm test`
 * sets it) the archives and Netlify's manifest stay in that folder, and the parity run deploys them instead of
 * bundling every function a second time.
 *
 *   node scripts/check-bundles.ts [path/to/netlify.toml]
 */
import { globSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listFunctions, zipFunctions, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import { parse } from 'smol-toml';
import {
  checkBundle,
  inZipPath,
  mainFileOfEntryPoint,
  mb,
  ownJs,
  PUBLIC_ARCHIVE_LIMITS,
  zipRootOf,
  type IncludedPattern,
} from './lib/bundles.ts';
import { listZip, readZipEntry } from './lib/zip-reader.ts';
import { MANIFEST } from './parity/artifacts.ts';
import { zisiSetup } from './lib/zisi-setup.ts';
import { coldImportMs } from './lib/cold-import.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const tomlFile = path.resolve(process.argv[2] ?? path.join(repoRoot, 'netlify.toml'));
// One function at a time: on two cores, more in parallel finished no sooner but cost more CPU (garbage
// collection) and memory (measured: 1 → ~25 s CPU, 550 MB; 2 → ~30 s, 800 MB; 5, the default → ~44 s, 1.2 GB).
const PARALLEL_LIMIT = 1;

const posix = (file: string) => file.split(path.sep).join('/');
const started = performance.now();
const setup = zisiSetup(parse(readFileSync(tomlFile, 'utf8')), repoRoot);
for (const warning of setup.warnings) console.warn(`warning: ${warning}`);

const failures: string[] = [];
const results = await bundleAll();
results.sort((a, b) => a.name.localeCompare(b.name));
if (results.length) await report(results);
else if (!failures.length) failures.push(`no function found in ${setup.directory}`);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failures.length) {
  console.error(`\n${failures.join('\n')}\nbundles: FAILED, ${failures.length} problem(s) (${seconds} s)`);
  process.exitCode = 1;
} else {
  console.log(`\nbundles: ${results.length} ok (${seconds} s)`);
}

async function bundleAll(): Promise<FunctionResult[]> {
  const functionsDir = path.resolve(repoRoot, setup.directory);
  const kept = process.env.NETLIFY_BUNDLES_DIR;
  const out = kept ?? mkdtempSync(path.join(tmpdir(), 'check-bundles-'));
  // At exit, not in a `finally`: after a rejection zip-it-and-ship-it is still writing the other archives.
  process.once('exit', () => {
    if (!kept) rmSync(out, { recursive: true, force: true });
    // Only a complete, faultless set is deployed by the parity run.
    else if (failures.length) rmSync(path.join(out, MANIFEST), { force: true });
  });
  try {
    // Reading every `export const config` first reports a configuration error (e.g. a non-literal
    // `config.path`) in a second rather than after the bundles before it.
    await listFunctions(functionsDir, { config: setup.config, parseISC: true });
    return await zipFunctions(functionsDir, out, {
      archiveFormat: 'zip',
      basePath: repoRoot,
      repositoryRoot: repoRoot,
      config: setup.config,
      parallelLimit: PARALLEL_LIMIT,
      manifest: path.join(out, MANIFEST),
    });
  } catch (error) {
    // What stops a Netlify deploy: a configuration or bundling error.
    failures.push(`zip-it-and-ship-it: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

async function report(results: FunctionResult[]): Promise<void> {
  const runtimes = [...new Set(results.map((r) => r.runtimeVersion ?? '?'))].join(', ');
  const node = setup.nodeVersion ? `Node ${setup.nodeVersion} from netlify.toml` : 'no NODE_VERSION in netlify.toml';
  console.log(`${results.length} functions in ${setup.directory}, runtime ${runtimes} (${node})\n`);
  const width = Math.max(8, ...results.map((r) => r.name.length));
  console.log(`${'function'.padEnd(width)}     zipped   unzipped  entries  import  routes / schedule`);

  const located: string[] = [];
  const notes = new Map<string, string[]>(); // note → the functions it applies to
  for (const result of results) {
    const zip = readFileSync(result.path);
    const entries = listZip(zip);
    const entryPoint = entries.find((e) => e.path === result.entryFilename);
    const mainInZip = entryPoint && mainFileOfEntryPoint(readZipEntry(zip, entryPoint).toString('utf8'));
    const zipRoot = mainInZip && zipRootOf(posix(path.relative(repoRoot, result.mainFile)), mainInZip);
    const included = includedPatterns(result.config.includedFiles ?? []);
    const {
      problems,
      notes: bundleNotes,
      unzippedBytes,
    } = checkBundle({
      zipBytes: zip.length,
      entries,
      js: new Map(entries.filter((e) => ownJs(e.path)).map((e) => [e.path, readZipEntry(zip, e).toString('utf8')])),
      zipRoot,
      included,
      bundlerErrors: result.bundlerErrors,
      maxZipBytes: PUBLIC_ARCHIVE_LIMITS[result.name],
    });
    const imported = await (mainInZip ? coldImportMs(zip, mainInZip) : Promise.reject(new Error('no module'))).then(
      (ms) => `${Math.round(ms)} ms`.padStart(6),
      (error: unknown) => {
        problems.push(`its import fails: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        return 'fails'.padStart(6);
      },
    );

    const target = result.schedule
      ? `schedule ${result.schedule}`
      : (result.routes ?? []).map((r) => r.pattern).join(' ') || '(no route)';
    console.log(
      `${result.name.padEnd(width)}  ${mb(zip.length).padStart(9)}  ${mb(unzippedBytes).padStart(9)}  ${String(entries.length).padStart(7)}  ${imported}  ${target}${problems.length ? '  FAILED' : ''}`,
    );
    failures.push(...problems.map((problem) => `${result.name}: ${problem}`));
    const warnings = (result.bundlerWarnings ?? []).map((w) => `bundler warning: ${JSON.stringify(w)}`);
    for (const note of [...bundleNotes, ...warnings]) notes.set(note, [...(notes.get(note) ?? []), result.name]);

    // Where included files land, for the code that reads them at run time (the function's own chunks left out).
    if (zipRoot === undefined || !mainInZip) continue;
    const ownFolder = `${posix(path.relative(repoRoot, path.dirname(result.mainFile)))}/`;
    for (const file of new Set(included.flatMap((p) => p.matches))) {
      if (file.startsWith(ownFolder)) continue;
      const at = inZipPath(zipRoot, file);
      if (at === undefined || !entries.some((e) => e.path === at)) continue;
      const fromMain = path.posix.relative(path.posix.dirname(mainInZip), at);
      located.push(`${result.name}: ${file} → ${at} (${fromMain} from ${mainInZip})`);
    }
  }
  if (located.length) {
    // AWS Lambda unpacks the archive in LAMBDA_TASK_ROOT (/var/task) and starts the function there.
    console.log(
      `\nincluded files, relative to the archive root (= process.cwd() on Netlify):\n  ${located.join('\n  ')}`,
    );
  }
  for (const [note, names] of notes) console.log(`\nnote: ${names.join(', ')}: ${note}`);
}

/** The repository files each `included_files` pattern stands for, as zip-it-and-ship-it globs them. */
function includedPatterns(patterns: string[]): IncludedPattern[] {
  const excluded = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  return patterns
    .filter((p) => !p.startsWith('!'))
    .map((pattern) => ({
      pattern,
      matches: globSync(pattern, { cwd: repoRoot })
        .map(posix)
        .filter((file) => statSync(path.join(repoRoot, file)).isFile())
        .filter((file) => !excluded.some((exclusion) => path.matchesGlob(file, exclusion)))
        .sort(),
    }));
}
