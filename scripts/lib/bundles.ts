/**
 * The pure parts of `npm run check:bundles`: netlify.toml → the options Netlify's build gives
 * zip-it-and-ship-it, a small ZIP reader, and the checks over one function's archive.
 */
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import type { Config, FunctionConfig } from '@netlify/zip-it-and-ship-it';

/** Netlify's default when netlify.toml names no functions folder. */
export const DEFAULT_FUNCTIONS_DIRECTORY = 'netlify/functions';

/** Over this many unzipped bytes a function is too big to ship (AWS Lambda's own limit is 250 MB). */
export const MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;

/** Keys that set a function's configuration (@netlify/config's FUNCTION_CONFIG_PROPERTIES). */
const FUNCTION_CONFIG_PROPERTIES = new Set([
  'deno_import_map',
  'directory',
  'external_node_modules',
  'ignored_node_modules',
  'included_files',
  'memory',
  'node_bundler',
  'region',
  'schedule',
  'vcpu',
]);
/** Valid in netlify.toml but not handed to zip-it-and-ship-it by Netlify's build. */
const NOT_FOR_ZISI = new Set(['deno_import_map', 'memory', 'region', 'vcpu']);
const NODE_BUNDLERS = new Set(['esbuild', 'nft', 'zisi', 'none']);

type Table = Record<string, unknown>;
const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

export interface FunctionsSetup {
  /** The functions folder, relative to the repository root as written in netlify.toml. */
  directory: string;
  /** The Node version the functions get (undefined: zip-it-and-ship-it's default). */
  nodeVersion: string | undefined;
  /** zip-it-and-ship-it's `config` option: `'*'` and function names (or globs). */
  config: Config;
  /** Things in netlify.toml this translation could not honour. */
  warnings: string[];
}

/**
 * Translates a parsed netlify.toml as Netlify's build does: @netlify/config's normalisation of
 * `[functions]` (top-level keys apply to every function, `[functions."*"]` wins over them, `directory`
 * is taken out) and @netlify/build's `normalizeFunctionConfig` (snake_case → zip-it-and-ship-it's
 * names, `esbuild` → `esbuild_zisi`, the Node version of the build, included files relative to the root).
 */
export function zisiSetup(toml: Table, repoRoot: string): FunctionsSetup {
  const warnings: string[] = [];
  const build = isTable(toml.build) ? toml.build : {};
  const environment = isTable(build.environment) ? build.environment : {};
  const nodeVersion = lambdaNodeVersion(environment, warnings);

  const functions = isTable(toml.functions) ? toml.functions : {};
  const topLevel: Table = {};
  const named: Record<string, Table> = {};
  for (const [key, value] of Object.entries(functions)) {
    if (key === '*') continue;
    // `[functions.schedule]` with config keys inside is a function named "schedule", not the property.
    if (FUNCTION_CONFIG_PROPERTIES.has(key) && !isConfigLeaf(value)) topLevel[key] = value;
    else if (isTable(value)) named[key] = value;
    else
      throw new Error(`netlify.toml: [functions] ${key} is neither a function setting nor a [functions.${key}] table`);
  }
  const { directory, ...everyFunction } = { ...topLevel, ...(isTable(functions['*']) ? functions['*'] : {}) };
  const dir = directory ?? build.functions ?? DEFAULT_FUNCTIONS_DIRECTORY;
  if (typeof dir !== 'string') throw new Error('netlify.toml: functions.directory must be a string');

  const config: Config = { '*': zisiFunctionConfig('*', everyFunction, repoRoot, nodeVersion, warnings) };
  for (const [name, section] of Object.entries(named)) {
    config[name] = zisiFunctionConfig(name, section, repoRoot, nodeVersion, warnings);
  }
  return { directory: dir, nodeVersion, config, warnings };
}

const isConfigLeaf = (value: unknown) =>
  isTable(value) && Object.keys(value).every((key) => FUNCTION_CONFIG_PROPERTIES.has(key));

/**
 * Netlify's build gives functions the Node version it builds with (NODE_VERSION, resolved by nvm;
 * zip-it-and-ship-it only reads its major) unless AWS_LAMBDA_JS_RUNTIME overrides it, and below 16 it
 * keeps zip-it-and-ship-it's default.
 */
function lambdaNodeVersion(environment: Table, warnings: string[]): string | undefined {
  const runtime = environment.AWS_LAMBDA_JS_RUNTIME;
  if (typeof runtime === 'string' && runtime) return runtime;
  const version = environment.NODE_VERSION;
  if (version === undefined) return undefined;
  const major = /\d+/.exec(String(version));
  if (!major) {
    warnings.push(`NODE_VERSION "${String(version)}" needs nvm to resolve; using zip-it-and-ship-it's default`);
    return undefined;
  }
  return Number(major[0]) >= 16 ? String(version) : undefined;
}

function zisiFunctionConfig(
  name: string,
  section: Table,
  repoRoot: string,
  nodeVersion: string | undefined,
  warnings: string[],
): FunctionConfig {
  const where = name === '*' ? '[functions]' : `[functions.${name}]`;
  const strings = (key: string) => {
    const value = section[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      throw new Error(`netlify.toml: ${where} ${key} must be an array of strings`);
    }
    return value as string[];
  };
  const text = (key: string) => {
    const value = section[key];
    if (value !== undefined && typeof value !== 'string')
      throw new Error(`netlify.toml: ${where} ${key} must be a string`);
    return value;
  };
  const bundler = text('node_bundler');
  if (bundler !== undefined && !NODE_BUNDLERS.has(bundler)) {
    throw new Error(`netlify.toml: ${where} node_bundler must be one of ${[...NODE_BUNDLERS].join(', ')}`);
  }
  for (const key of Object.keys(section)) {
    if (!FUNCTION_CONFIG_PROPERTIES.has(key) && key !== 'name') warnings.push(`${where} ${key}: unknown key, ignored`);
    else if (NOT_FOR_ZISI.has(key)) warnings.push(`${where} ${key}: applied by Netlify after bundling, not checked`);
  }
  const config: FunctionConfig = {
    externalNodeModules: strings('external_node_modules'),
    includedFiles: strings('included_files'),
    includedFilesBasePath: repoRoot,
    ignoredNodeModules: strings('ignored_node_modules'),
    name: text('name'),
    nodeVersion,
    schedule: text('schedule'),
    // Netlify's build turns `esbuild` into `esbuild_zisi` (esbuild, with the legacy bundler as fallback).
    nodeBundler: bundler === 'esbuild' ? 'esbuild_zisi' : (bundler as FunctionConfig['nodeBundler']),
  };
  // zip-it-and-ship-it merges with ignoreUndefined, so unset keys can go.
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
}

// --- ZIP reading (central directory + inflateRawSync; no ZIP64, which function archives never need) ---

export interface ZipEntry {
  path: string;
  size: number;
  compressedSize: number;
  method: number;
  crc: number;
  localOffset: number;
}

/** The file entries of a ZIP archive, from its central directory. */
export function listZip(zip: Buffer): ZipEntry[] {
  // The end-of-central-directory record sits in the last 22 bytes plus at most a 65,535-byte comment.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a ZIP archive');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new Error('ZIP64 archives are not supported');
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`corrupt central directory at entry ${n}`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(offset + 10),
      crc: zip.readUInt32LE(offset + 16),
      compressedSize: zip.readUInt32LE(offset + 20),
      size: zip.readUInt32LE(offset + 24),
      localOffset: zip.readUInt32LE(offset + 42),
      path: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) {
      throw new Error('ZIP64 archives are not supported');
    }
    if (!entry.path.endsWith('/')) entries.push(entry);
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

/** The bytes of one entry (stored or deflated), checked against its CRC. */
export function readZipEntry(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (zip.readUInt32LE(at) !== 0x04034b50) throw new Error(`${entry.path}: corrupt local header`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const raw = zip.subarray(start, start + entry.compressedSize);
  let data: Buffer;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) data = inflateRawSync(raw);
  else throw new Error(`${entry.path}: unsupported compression method ${entry.method}`);
  if (data.length !== entry.size || crc32(data) !== entry.crc) throw new Error(`${entry.path}: corrupt data`);
  return data;
}

// --- Where things are inside an archive ---

/** The function's module that an archive's entry point (`___netlify-entry-point.mjs`) loads, zip-relative. */
export function mainFileOfEntryPoint(source: string): string | undefined {
  const imports = [...source.matchAll(/['"]\.\/([^'"]+)['"]/g)].map((m) => m[1]!);
  return imports.find((file) => !path.posix.basename(file).startsWith('___netlify-'));
}

/**
 * The folder (relative to the repository root, '' for the root itself) that an archive's root stands for.
 * zip-it-and-ship-it roots each archive at the deepest folder holding all its files, so it differs between
 * functions: `netlify/functions` for one with no dependencies, the repository root for most.
 */
export function zipRootOf(mainSource: string, mainInZip: string): string | undefined {
  const sourceDir = path.posix.dirname(mainSource);
  const zipDir = path.posix.dirname(mainInZip);
  if (zipDir === '.') return sourceDir === '.' ? '' : sourceDir;
  if (sourceDir === zipDir) return '';
  return sourceDir.endsWith(`/${zipDir}`) ? sourceDir.slice(0, -zipDir.length - 1) : undefined;
}

/** Where a repository file is inside an archive rooted at `zipRoot` (undefined: outside it). */
export function inZipPath(zipRoot: string, repoFile: string): string | undefined {
  const relative = path.posix.relative(zipRoot || '.', repoFile);
  return relative.startsWith('../') ? undefined : relative;
}

// --- The checks ---

/** Entries of PGlite (the embedded database of local runs): its packages, its WebAssembly and data files. */
const PGLITE_PACKAGE = /(^|\/)node_modules\/@electric-sql\/pglite[^/]*\//;
const PGLITE_ASSET = /pglite|initdb/i;
/** A package manifest alone (no code): traced when a dependency reads every package.json (better-auth's telemetry). */
const PGLITE_MANIFEST = /(^|\/)node_modules\/@electric-sql\/pglite[^/]*\/package\.json$/;
/**
 * PGlite in bundled JavaScript: esbuild's module comments (`// node_modules/@electric-sql/pglite/dist/…`)
 * when its code was bundled in, or an import of it left for Node to load at run time.
 */
const PGLITE_IN_JS =
  /\/\/ node_modules\/@electric-sql\/pglite|\b(?:from|import|require)\s*\(?\s*["']@electric-sql\/pglite/;

const isJs = (file: string) => /\.[cm]?js$/.test(file);
/** The archive's own JavaScript (the function's bundle, Netlify's bootstrap), which the caller reads. */
export const ownJs = (file: string) => isJs(file) && !file.split('/').includes('node_modules');

export interface IncludedPattern {
  pattern: string;
  /** The repository files the pattern matches (repo-relative, `/`-separated), after `!` exclusions. */
  matches: string[];
}

export interface BundleFacts {
  /** The archive's size on disk. */
  zipBytes: number;
  entries: Pick<ZipEntry, 'path' | 'size'>[];
  /** Text of the entries `ownJs` selects. */
  js: Map<string, string>;
  /** See `zipRootOf`; undefined when the entry point could not be read. */
  zipRoot: string | undefined;
  /** The function's `included_files` (its own and `'*'`), negated patterns left out. */
  included: IncludedPattern[];
  /** What zip-it-and-ship-it's result reports as `bundlerErrors`. */
  bundlerErrors?: object[];
}

export interface BundleReport {
  problems: string[];
  notes: string[];
  unzippedBytes: number;
}

const sample = (files: string[]) =>
  `${files.slice(0, 3).join(', ')}${files.length > 3 ? `, … (${files.length} files)` : ''}`;

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Everything wrong with one function's archive (empty `problems`: ship it). */
export function checkBundle(facts: BundleFacts, maxUnzippedBytes = MAX_UNZIPPED_BYTES): BundleReport {
  const problems: string[] = [];
  const notes: string[] = [];

  for (const error of facts.bundlerErrors ?? []) problems.push(`bundler error: ${describe(error)}`);

  const pglite = facts.entries.filter(
    (e) => PGLITE_PACKAGE.test(e.path) || (/\.(wasm|data)$/.test(e.path) && PGLITE_ASSET.test(e.path)),
  );
  const shipped = pglite.filter((e) => !PGLITE_MANIFEST.test(e.path)).sort((a, b) => b.size - a.size);
  if (shipped.length) {
    const bytes = shipped.reduce((sum, e) => sum + e.size, 0);
    problems.push(`ships PGlite (${mb(bytes)}): ${sample(shipped.map((e) => e.path))}`);
  } else if (pglite.length) {
    notes.push(`carries ${pglite.length} package.json of @electric-sql/pglite* (no code)`);
  }
  for (const [file, text] of facts.js) {
    if (PGLITE_IN_JS.test(text)) problems.push(`${file} bundles or imports @electric-sql/pglite`);
  }

  const inZip = new Set(facts.entries.map((e) => e.path));
  if (facts.zipRoot === undefined && facts.included.length) {
    problems.push('cannot tell where the archive is rooted (its entry point names no function module)');
  }
  for (const { pattern, matches } of facts.included) {
    if (matches.length === 0) {
      problems.push(
        `included_files "${pattern}" matches no file in the repository (dist/ not built? a folder needs "/**")`,
      );
      continue;
    }
    const missing =
      facts.zipRoot === undefined
        ? matches
        : matches.filter((file) => {
            const at = inZipPath(facts.zipRoot!, file);
            return at === undefined || !inZip.has(at);
          });
    if (missing.length) problems.push(`included_files "${pattern}": not in the archive: ${sample(missing)}`);
  }

  const unzippedBytes = facts.entries.reduce((sum, e) => sum + e.size, 0);
  if (unzippedBytes > maxUnzippedBytes) {
    problems.push(`${mb(unzippedBytes)} unzipped (${mb(facts.zipBytes)} zipped) is over ${mb(maxUnzippedBytes)}`);
  }
  return { problems, notes, unzippedBytes };
}

function describe(error: object): string {
  const { text, message } = error as { text?: unknown; message?: unknown };
  return String(text ?? message ?? JSON.stringify(error));
}
