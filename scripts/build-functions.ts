/**
 * The functions' build step (the last step of `npm run build`): each `netlify/functions/<name>.mts` bundled by
 * esbuild on its own into `build/functions/<name>/` (the functions folder of netlify.toml): `<name>.mjs`, the
 * function and what it imports at once, with the source's own `export const config` at the end, literal as Netlify
 * reads it, and `chunks/`, what a route imports later; source maps inline. Netlify's bundler ships those files as they
 * are (`node_bundler = "none"`, each function's chunks named in netlify.toml), so an archive holds one function's code
 * and nothing else.
 *
 * Why (docs/decisions/0043-functions-bundled-at-build.md): zip-it-and-ship-it traces a v2 function file by file
 * whatever `node_bundler` says, and a cold start then imports hundreds of files (drizzle-orm's exports map read
 * again for each of its own); a bundle per function imports in a fraction of the time. Each function is bundled
 * on its own: one build for all would share chunks between functions, and a module that one function uses (zod's
 * locales, through the blog's feed) would then load in every function that merely reaches it.
 *
 * Stack traces: each bundle installs src/server/source-mapped-stacks.ts before anything else of it runs; that reads
 * the bundle's map only when a stack through it is printed, so an error in a function's log names the source file
 * and line (`src/…/x.ts:12`), not the bundle's, and no cold start pays for parsing maps (Node's own source maps parse
 * every module's as it loads).
 *
 *   node scripts/build-functions.ts [sources-folder out-folder]
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, transformSync, type BuildOptions } from 'esbuild';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** Imported first by every bundle: from then on, stacks name the source (src/server/source-mapped-stacks.ts). */
const STACKS = path.join(repoRoot, 'src/server/install-source-mapped-stacks.ts');

export interface BuiltFunctions {
  names: string[];
}

/** What every bundle is built with (esbuild's options but the entry point, the file and the config). */
const BUNDLE: BuildOptions = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // What a route loads later (`await import(…)`: a database driver, the mail provider's SDK) goes into a chunk of
  // its own, read only when the route asks for it.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Less for V8 to read at each cold start; names kept (some libraries read a class's or function's name).
  minify: true,
  keepNames: true,
  // Inside each file, so it travels with it; read only when a stack through it is printed, never at a cold start.
  sourcemap: 'inline',
  sourcesContent: false,
  // CommonJS dependencies call require() for Node's own modules; an ES module has none of its own.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  // pg's optional native driver, never installed (pg falls back to JavaScript without it).
  external: ['pg-native'],
  logLevel: 'warning',
};

/**
 * Bundles every `*.mts` of `sources` into `out/<name>/` (`<name>.mjs` and its `chunks/`). The folder is emptied
 * first, so a function removed from the sources is not deployed.
 */
export async function buildFunctions(sources: string, out: string): Promise<BuiltFunctions> {
  const names = readdirSync(sources)
    .filter((file) => file.endsWith('.mts'))
    .map((file) => file.slice(0, -'.mts'.length))
    .sort();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const sourcesFolder = path.relative(repoRoot, sources);
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(sources, `${name}.mts`);
      const config = configOf(readFileSync(file, 'utf8'), `${sourcesFolder}/${name}.mts`);
      await build({
        ...BUNDLE,
        // The stack mapper first, then the function's handler; its config is not bundled but written out below.
        stdin: {
          contents: `import ${JSON.stringify(STACKS)};\nexport { default } from ${JSON.stringify(file)};\n`,
          resolveDir: repoRoot,
          sourcefile: `${sourcesFolder}/${name}.entry.ts`,
          loader: 'ts',
        },
        outdir: path.join(out, name),
        entryNames: name,
        banner: {
          js: `// Built by scripts/build-functions.ts from ${sourcesFolder}/${name}.mts: edit that file, not this one.\n${BUNDLE.banner!.js}`,
        },
      });
      appendFileSync(path.join(out, name, `${name}.mjs`), `${config}\n`);
    }),
  );
  return { names };
}

/** The source's `export const config`, as plain JavaScript: Netlify reads it from the deployed file without running it. */
function configOf(source: string, file: string): string {
  const declaration = /^export const config\b[^=]*=/m.exec(source);
  if (!declaration) throw new Error(`${file}: no \`export const config\``);
  // The config is the source's last statement, a literal: its text stays as written, without its type.
  const config = `export const config =${source.slice(declaration.index + declaration[0].length).trimEnd()}`;
  transformSync(config, { loader: 'js', format: 'esm' });
  return config;
}

if (import.meta.main) {
  const started = performance.now();
  const [sources = 'netlify/functions', out = 'build/functions'] = process.argv.slice(2);
  const built = await buildFunctions(path.resolve(repoRoot, sources), path.resolve(repoRoot, out));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`functions: ${built.names.length} bundled into ${out} (${seconds} s)`);
}
