/**
 * Builds the site from a copy of its content: `node tests/e2e/support/build-copy.ts <content dir> <out dir>`.
 * The editor's end-to-end test runs it on the scratch copy the editor wrote to, with Astro's caches beside the
 * output, so neither the repository's own build nor its content cache is touched.
 */
import path from 'node:path';
import { build } from 'astro';
import { buildResourceFiles } from '../../../scripts/lib/resource-files.ts';

const [content, outDir] = process.argv.slice(2);
if (!content || !outDir) throw new Error('usage: build-copy.ts <content dir> <out dir>');
process.env.CONTENT_DIR = path.resolve(content);
// The copy's resource files beside its output, so the repository's own build/ stays as it is.
process.env.RESOURCE_FILES_OUT = path.resolve(outDir, '../resource-files');
await buildResourceFiles(process.env.CONTENT_DIR, process.env.RESOURCE_FILES_OUT);
await build({
  root: path.resolve(import.meta.dirname, '../../..'),
  outDir: path.resolve(outDir),
  cacheDir: path.resolve(outDir, '../.astro-cache'),
  logLevel: 'error',
});
