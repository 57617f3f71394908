/**
 * The deploy artifacts of the parity run: every function bundled by Netlify's bundler exactly as
 * `npm run check:bundles` does (zip-it-and-ship-it with the options Netlify's build derives from
 * netlify.toml, ZIP archives), plus the manifest a Netlify build writes next to them. The manifest carries
 * what the runtime needs and an archive does not: each function's routes and its runtime API version.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipFunctions, type Config, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import { parse } from 'smol-toml';
import { zisiSetup } from '../lib/zisi-setup.ts';
import { buildFunctions } from '../build-functions.ts';

export const MANIFEST = 'manifest.json';

export interface Artifacts {
  /** The folder of `<name>.zip` archives and `manifest.json`. */
  directory: string;
  functions: FunctionResult[];
}

/**
 * The archives `npm run check:bundles` left in `directory` (NETLIFY_BUNDLES_DIR, set by `npm test`), bundled with
 * the very options below, or `undefined` when there are none (the check failed, or never ran in this run).
 */
export function keptArtifacts(directory: string | undefined): Artifacts | undefined {
  if (!directory || !existsSync(path.join(directory, MANIFEST))) return undefined;
  const manifest = JSON.parse(readFileSync(path.join(directory, MANIFEST), 'utf8')) as { functions: unknown[] };
  return { directory, functions: manifest.functions as FunctionResult[] };
}

/** Bundles every function of the repository into `directory` (one at a time: 2 cores, see check-bundles.ts). */
export async function buildArtifacts(repoRoot: string, directory: string): Promise<Artifacts> {
  const setup = zisiSetup(parse(readFileSync(path.join(repoRoot, 'netlify.toml'), 'utf8')), repoRoot);
  return bundleFunctions(repoRoot, path.resolve(repoRoot, setup.directory), directory);
}

/**
 * Functions outside the site's (`npm run bench:cold`'s empty function, the parity run's failing one) built as
 * `npm run build` builds the site's (scripts/build-functions.ts) into `work/functions`, then bundled as a deploy
 * bundles them into `work/archives`, each with its own chunks (netlify.toml names the site's).
 */
export async function buildAndBundle(repoRoot: string, sourcesDir: string, work: string): Promise<Artifacts> {
  const built = path.join(work, 'functions');
  const { names } = await buildFunctions(sourcesDir, built);
  const chunks: Config = Object.fromEntries(
    names
      .filter((name) => existsSync(path.join(built, name, 'chunks')))
      .map((name) => [name, { includedFiles: [`${name}/chunks/**`], includedFilesBasePath: built }]),
  );
  return bundleFunctions(repoRoot, built, path.join(work, 'archives'), chunks);
}

/** Bundles the functions of `functionsDir` into `directory` with the options netlify.toml gives every function. */
export async function bundleFunctions(
  repoRoot: string,
  functionsDir: string,
  directory: string,
  extra: Config = {},
): Promise<Artifacts> {
  const setup = zisiSetup(parse(readFileSync(path.join(repoRoot, 'netlify.toml'), 'utf8')), repoRoot);
  const functions = await zipFunctions(functionsDir, directory, {
    archiveFormat: 'zip',
    basePath: repoRoot,
    repositoryRoot: repoRoot,
    config: { ...setup.config, ...extra },
    parallelLimit: 1,
    manifest: path.join(directory, MANIFEST),
  });
  const failed = functions.filter((f) => f.bundlerErrors?.length);
  if (failed.length) throw new Error(`bundling failed for ${failed.map((f) => f.name).join(', ')}`);
  return { directory, functions };
}

type Manifest = { functions: { name: string; path: string }[] };
const readManifest = (directory: string) =>
  JSON.parse(readFileSync(path.join(directory, MANIFEST), 'utf8')) as Manifest;

/**
 * Makes `target` the artifacts of one deploy holding the functions of several builds (`only` those named, when
 * given): each archive copied into it (where it is not there already) and the one manifest naming them all, as
 * the runtime reads it. bench:cold adds its empty function to the site's; the parity run's misconfigured deploy
 * holds the contact function and the one that fails on purpose.
 */
export function assembleDeploy(target: string, builds: { from: Artifacts; only?: string[] }[]): Artifacts {
  mkdirSync(target, { recursive: true });
  const manifests = builds.map(({ from }) => readManifest(from.directory));
  const functions = builds.flatMap(({ from, only }, i) =>
    manifests[i]!.functions.filter((f) => !only || only.includes(f.name)).map((f) => {
      const zip = path.join(target, `${f.name}.zip`);
      if (path.resolve(from.directory) !== path.resolve(target))
        copyFileSync(path.join(from.directory, `${f.name}.zip`), zip);
      return { ...f, path: zip };
    }),
  );
  writeFileSync(path.join(target, MANIFEST), JSON.stringify({ ...manifests[0], functions }));
  const names = new Set(functions.map((f) => f.name));
  return {
    directory: target,
    functions: builds.flatMap(({ from }) => from.functions).filter((f) => names.has(f.name)),
  };
}
