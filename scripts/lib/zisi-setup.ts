/**
 * netlify.toml → the options Netlify's build gives zip-it-and-ship-it (for `npm run check:bundles` and the
 * parity artifacts).
 */
import type { Config, FunctionConfig } from '@netlify/zip-it-and-ship-it';

/** Netlify's default when netlify.toml names no functions folder. */
export const DEFAULT_FUNCTIONS_DIRECTORY = 'netlify/functions';

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
