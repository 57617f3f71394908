/**
 * The functions' build step (the last step of `npm run build`): each `netlify/functions/<name>.mts` bundled by
 * esbuild into `build/functions-code/<name>.mjs` (its dependencies inside or in chunks shared with other functions
 * under `chunks/`, each module's source map inline), and
 * beside it the file Netlify deploys, `build/functions/<name>.mjs` (the functions folder of netlify.toml): the
 * source's own `export const config`, literal as Netlify reads it, and the bundle's handler as its default export.
 *
 * Why (docs/decisions/0043-functions-bundled-at-build.md): zip-it-and-ship-it traces a v2 function file by file
 * whatever `node_bundler` says, and a cold start then imports hundreds of files (drizzle-orm's exports map read
 * again for each of its own); one bundle per function imports in a fraction of the time.
 *
 * Stack traces: the deployed file turns source maps on before it imports the bundle (a module's map is read when
 * it loads), so an error in a function's log names the source file and line (`src/…/x.ts:12`), not the bundle's.
 *
 *   node scripts/build-functions.ts [sources-folder out-folder]
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, transformSync } from 'esbuild';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** Where the bundles go, beside the deployed folder (one folder up, so the deploy's import is `../functions-code`). */
const CODE_FOLDER = 'functions-code';

export interface BuiltFunctions {
  names: string[];
}

/**
 * Bundles every `*.mts` of `sources` into `out` (the deployed files) and `out/../functions-code` (the bundles).
 * Both folders are emptied first, so a function removed from the sources is not deployed.
 */
export async function buildFunctions(sources: string, out: string): Promise<BuiltFunctions> {
  const names = readdirSync(sources)
    .filter((file) => file.endsWith('.mts'))
    .map((file) => file.slice(0, -'.mts'.length))
    .sort();
  const code = path.join(path.dirname(out), CODE_FOLDER);
  for (const dir of [out, code]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  await build({
    entryPoints: Object.fromEntries(names.map((name) => [name, path.join(sources, `${name}.mts`)])),
    outdir: code,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // What several functions share goes into chunks, and what a function imports only when a route needs it
    // (`await import(…)`: a database driver, better-auth) into chunks of their own, read only then.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // Less for V8 to read at each cold start; names kept (some libraries read a class's or function's name).
    minify: true,
    keepNames: true,
    // Inline: a map travels inside its module, so no bundler or included_files rule has to carry it.
    sourcemap: 'inline',
    sourcesContent: false,
    // CommonJS dependencies call require() for Node's own modules; an ES module has none of its own.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    // pg's optional native driver, never installed (pg falls back to JavaScript without it).
    external: ['pg-native'],
    logLevel: 'warning',
  });
  for (const name of names) {
    const source = readFileSync(path.join(sources, `${name}.mts`), 'utf8');
    writeFileSync(path.join(out, `${name}.mjs`), deployedFile(name, source, path.relative(repoRoot, sources)));
  }
  return { names };
}

/** The file Netlify deploys for one function: source maps on, the bundle's handler, the source's config. */
function deployedFile(name: string, source: string, sourcesFolder: string): string {
  const declaration = /^export const config\b[^=]*=/m.exec(source);
  if (!declaration) throw new Error(`${sourcesFolder}/${name}.mts: no \`export const config\``);
  // The config is the source's last statement, a literal (Netlify reads it without running the module): its
  // text stays as written, without its type, and must be plain JavaScript.
  const config = `export const config =${source.slice(declaration.index + declaration[0].length).trimEnd()}`;
  transformSync(config, { loader: 'js', format: 'esm' });
  return [
    `// Built by scripts/build-functions.ts from ${sourcesFolder}/${name}.mts: edit that file, not this one.`,
    'process.setSourceMapsEnabled(true);',
    `const main = await import('../${CODE_FOLDER}/${name}.mjs');`,
    'export default main.default;',
    config,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const started = performance.now();
  const [sources = 'netlify/functions', out = 'build/functions'] = process.argv.slice(2);
  const built = await buildFunctions(path.resolve(repoRoot, sources), path.resolve(repoRoot, out));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`functions: ${built.names.length} bundled into ${out} (${seconds} s)`);
}
