import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import {
  checkBundle,
  PUBLIC_ARCHIVE_LIMITS,
  inZipPath,
  mainFileOfEntryPoint,
  MAX_UNZIPPED_BYTES,
  relativeImports,
  zipRootOf,
  type BundleFacts,
} from '../../../scripts/lib/bundles.ts';
import { listZip, readZipEntry } from '../../../scripts/lib/zip-reader.ts';
import { makeZip } from '../../fixtures/zip.ts';
import { zisiSetup } from '../../../scripts/lib/zisi-setup.ts';

const root = '/repo';
const setup = (toml: string) => zisiSetup(parse(toml), root);

describe('netlify.toml → zip-it-and-ship-it options', () => {
  it('translates [functions] and [functions.NAME] as Netlify builds them', () => {
    const { directory, nodeVersion, config, warnings } = setup(`
      [build.environment]
        NODE_VERSION = "24"
      [functions]
        directory = "netlify/functions"
        node_bundler = "esbuild"
        external_node_modules = ["sharp"]
        included_files = ["content/**"]
      [functions.blog]
        included_files = ["dist/blog-shell.html", "dist/404.html"]
    `);
    expect(directory).toBe('netlify/functions');
    expect(nodeVersion).toBe('24');
    expect(warnings).toEqual([]);
    expect(config).toEqual({
      '*': {
        nodeBundler: 'esbuild_zisi',
        externalNodeModules: ['sharp'],
        includedFiles: ['content/**'],
        includedFilesBasePath: root,
        nodeVersion: '24',
      },
      blog: {
        includedFiles: ['dist/blog-shell.html', 'dist/404.html'],
        includedFilesBasePath: root,
        nodeVersion: '24',
      },
    });
  });

  it('lets [functions."*"] win over top-level keys, and reads a table named like a key as a function', () => {
    const { config } = setup(`
      [functions]
        node_bundler = "esbuild"
      [functions."*"]
        node_bundler = "nft"
      [functions.schedule]
        included_files = ["x.txt"]
    `);
    expect(config['*']!.nodeBundler).toBe('nft');
    expect(config.schedule!.includedFiles).toEqual(['x.txt']);
  });

  it('takes the Node version as Netlify does, and the default folder when none is named', () => {
    expect(setup('').directory).toBe('netlify/functions');
    expect(setup('[build]\n functions = "lambda"').directory).toBe('lambda');
    expect(setup('').nodeVersion).toBeUndefined();
    expect(setup('').config['*']).toEqual({ includedFilesBasePath: root });
    expect(setup('[build.environment]\n NODE_VERSION = "14"').nodeVersion).toBeUndefined();
    expect(setup('[build.environment]\n NODE_VERSION = "22"\n AWS_LAMBDA_JS_RUNTIME = "nodejs24.x"').nodeVersion).toBe(
      'nodejs24.x',
    );
    expect(setup('[build.environment]\n NODE_VERSION = "lts/*"').warnings[0]).toMatch(/NODE_VERSION/);
  });

  it('refuses settings of the wrong type', () => {
    expect(() => setup('[functions.blog]\n included_files = "dist/404.html"')).toThrow(/array of strings/);
    expect(() => setup('[functions]\n node_bundler = "webpack"')).toThrow(/node_bundler/);
    expect(setup('[functions.blog]\n timeout = 10').warnings).toEqual([
      '[functions.blog] timeout: unknown key, ignored',
    ]);
    expect(() => setup('[functions]\n blog = 10')).toThrow(/neither/);
  });
});

describe('ZIP reader', () => {
  const zip = makeZip([
    { name: 'netlify/', data: '' },
    { name: 'netlify/functions/blog.mjs', data: 'export default () => 1;'.repeat(100), deflate: true },
    { name: '___netlify-metadata.json', data: '{"version":1}' },
  ]);

  it('lists the files of the central directory with their sizes', () => {
    expect(listZip(zip).map(({ path, size }) => [path, size])).toEqual([
      ['netlify/functions/blog.mjs', 2300],
      ['___netlify-metadata.json', 13],
    ]);
  });

  it('reads stored and deflated entries and checks their CRC', () => {
    const [bundle, metadata] = listZip(zip);
    expect(readZipEntry(zip, bundle!).toString()).toBe('export default () => 1;'.repeat(100));
    expect(readZipEntry(zip, metadata!).toString()).toBe('{"version":1}');
    expect(() => readZipEntry(zip, { ...metadata!, crc: 1 })).toThrow(/corrupt/);
    expect(() => listZip(Buffer.from('not a zip at all, not even close'))).toThrow(/not a ZIP/);
  });
});

describe('where files are inside an archive', () => {
  it('finds the function module the entry point loads', () => {
    const entry = `import * as bootstrap from './___netlify-bootstrap.mjs';export const handler = bootstrap.getLambdaHandler('./netlify/functions/blog.mjs')`;
    expect(mainFileOfEntryPoint(entry)).toBe('netlify/functions/blog.mjs');
  });

  it('knows which folder the archive root stands for', () => {
    expect(zipRootOf('netlify/functions/blog.mts', 'netlify/functions/blog.mjs')).toBe('');
    expect(zipRootOf('netlify/functions/health.mts', 'health.mjs')).toBe('netlify/functions');
    expect(zipRootOf('netlify/functions/blog.mts', 'functions/blog.mjs')).toBe('netlify');
    expect(zipRootOf('netlify/functions/blog.mts', 'lambda/blog.mjs')).toBeUndefined();
    expect(inZipPath('', 'dist/404.html')).toBe('dist/404.html');
    expect(inZipPath('netlify/functions', 'dist/404.html')).toBeUndefined();
  });
});

describe('bundle checks', () => {
  const clean = (): BundleFacts => ({
    zipBytes: 2_000_000,
    entries: [
      { path: '___netlify-entry-point.mjs', size: 137 },
      { path: 'netlify/functions/blog.mjs', size: 36_000 },
      { path: 'node_modules/marked/lib/marked.esm.js', size: 40_000 },
      { path: 'dist/blog-shell.html', size: 27_000 },
      { path: 'dist/404.html', size: 27_000 },
    ],
    js: new Map([['netlify/functions/blog.mjs', '// src/server/built-page.ts\nimport { marked } from "marked";']]),
    zipRoot: '',
    included: [
      { pattern: 'dist/blog-shell.html', matches: ['dist/blog-shell.html'] },
      { pattern: 'dist/*.html', matches: ['dist/404.html', 'dist/blog-shell.html'] },
    ],
  });

  it('passes a clean bundle', () => {
    expect(checkBundle(clean())).toEqual({ problems: [], notes: [], unzippedBytes: 130_137 });
  });

  it('reports PGlite, its WebAssembly and data files', () => {
    const facts = clean();
    facts.entries.push(
      { path: 'node_modules/@electric-sql/pglite/dist/pglite.wasm', size: 8_000_000 },
      { path: 'node_modules/@electric-sql/pglite/dist/index.js', size: 100_000 },
    );
    expect(checkBundle(facts).problems).toEqual([
      expect.stringMatching(/^ships PGlite \(7\.72 MB\): node_modules\/@electric-sql\/pglite\/dist\/pglite\.wasm, /),
    ]);
    const copied = clean();
    copied.entries.push({ path: 'assets/pglite.data', size: 4_000_000 });
    expect(checkBundle(copied).problems).toEqual([expect.stringContaining('assets/pglite.data')]);
  });

  it('reports PGlite bundled into or imported by the JavaScript', () => {
    for (const code of [
      '// node_modules/@electric-sql/pglite/dist/index.js\nvar PGlite = class {};',
      'const { PGlite } = await import("@electric-sql/pglite");',
      'import { PGliteSocketServer } from "@electric-sql/pglite-socket";',
    ]) {
      const facts = clean();
      facts.js.set('netlify/functions/blog.mjs', code);
      expect(checkBundle(facts).problems).toEqual([
        'netlify/functions/blog.mjs bundles or imports @electric-sql/pglite',
      ]);
    }
  });

  it('only notes package manifests of PGlite, which hold no code', () => {
    const facts = clean();
    facts.entries.push({ path: 'node_modules/@electric-sql/pglite/package.json', size: 6_000 });
    expect(checkBundle(facts)).toMatchObject({ problems: [], notes: [expect.stringContaining('1 package.json')] });
  });

  it('reports an included file missing from the archive, and a pattern that matches nothing', () => {
    const facts = clean();
    facts.entries = facts.entries.filter((e) => e.path !== 'dist/404.html');
    facts.included.push({ pattern: 'dist/blog-*.xml', matches: [] });
    expect(checkBundle(facts).problems).toEqual([
      'included_files "dist/*.html": not in the archive: dist/404.html',
      'included_files "dist/blog-*.xml" matches no file in the repository (dist/ not built? a folder needs "/**")',
    ]);
  });

  it('reports included files outside the archive root, or an archive it cannot place', () => {
    expect(checkBundle({ ...clean(), zipRoot: 'netlify/functions' }).problems).toHaveLength(2);
    expect(checkBundle({ ...clean(), zipRoot: undefined }).problems[0]).toMatch(/cannot tell where the archive/);
  });

  it('reports a bundle over 20 MB unzipped, with its zipped size', () => {
    const facts = clean();
    facts.entries = [{ path: 'netlify/functions/blog.mjs', size: 21 * 1024 * 1024 }];
    facts.included = [];
    expect(checkBundle(facts).problems).toEqual(['21.00 MB unzipped (1.91 MB zipped) is over 20.00 MB']);
    facts.entries = [{ path: 'netlify/functions/blog.mjs', size: MAX_UNZIPPED_BYTES }];
    expect(checkBundle(facts).problems).toEqual([]);
  });

  it('reports a public archive over its stated zipped size, and only then', () => {
    const facts = { ...clean(), zipBytes: 2.5 * 1024 * 1024, maxZipBytes: PUBLIC_ARCHIVE_LIMITS.contact };
    expect(checkBundle(facts).problems).toEqual(['2.50 MB zipped is over its stated 2.00 MB (PUBLIC_ARCHIVE_LIMITS)']);
    expect(checkBundle({ ...facts, zipBytes: 1.5 * 1024 * 1024 }).problems).toEqual([]);
    expect(PUBLIC_ARCHIVE_LIMITS['admin-leads']).toBeUndefined();
  });

  it('reports errors of the bundler', () => {
    const facts = { ...clean(), bundlerErrors: [{ text: 'Could not resolve "./missing.ts"' }] };
    expect(checkBundle(facts).problems).toEqual(['bundler error: Could not resolve "./missing.ts"']);
  });

  it('reports a module a bundle imports, at once or later, that the archive lacks (a chunk left out)', () => {
    const facts = clean();
    const main = 'build/functions/blog/blog.mjs';
    facts.entries = [
      ...facts.entries,
      { path: main, size: 10 },
      { path: 'build/functions/blog/chunks/a-1.mjs', size: 10 },
    ];
    facts.js = new Map([
      [main, 'import{a as b}from"./chunks/a-1.mjs";const c=()=>import("./chunks/db-2.mjs");import "./chunks/a-1.mjs";'],
    ]);
    expect(checkBundle(facts).problems).toEqual([`${main} imports ./chunks/db-2.mjs, which is not in the archive`]);
    expect(relativeImports(facts.js.get(main)!)).toEqual(['./chunks/a-1.mjs', './chunks/db-2.mjs']);
  });
});
