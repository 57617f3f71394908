/**
 * The deploy artifacts of the parity run: every function bundled by Netlify's bundler exactly as
 * `npm run check:bundles` does (zip-it-and-ship-it with the options Netlify's build derives from
 * netlify.toml, ZIP archives), plus the manifest a Netlify build writes next to them. The manifest carries
 * what the runtime needs and an archive does not: each function's routes and its runtime API version.
 */
import { existsSync, readFileSync } from 'node:fs';
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
