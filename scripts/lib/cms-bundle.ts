/**
 * The browser editor's script, built on its own after the site (an integration in astro.config.mjs) into
 * `dist/cms-editor/`: Decap CMS, the editor's configuration and its previews share no chunk with the public pages,
 * so none of them loads a byte more for it (in one build, Rollup would move what both use, zod and the site's own
 * modules, into chunks the pages load, with the editor's extra parts). The entry keeps its name and is revalidated
 * on each visit (it is not under `/_astro/`, whose files are cached for a year); its chunks are named by hash.
 */
import path from 'node:path';
import { build } from 'vite';
import { EDITOR_SCRIPT } from '../../src/lib/cms-config.ts';

export async function buildEditor(root: string, distDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: path.join(distDir, path.dirname(EDITOR_SCRIPT)),
      emptyOutDir: true,
      assetsDir: '',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 4096,
      rollupOptions: {
        input: { editor: path.join(root, 'src/islands/cms/main.ts') },
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: '[name].[hash].js',
          assetFileNames: '[name].[hash][extname]',
        },
      },
    },
  });
}
