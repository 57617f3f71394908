/**
 * Run after the build on Netlify (netlify.toml's build command): in any deploy context but production it
 * writes `dist/_headers` so that every static file of the deploy says `X-Robots-Tag: noindex` (a preview's
 * functions say it themselves). Netlify's build sets CONTEXT; without it (npm start, CI) it does nothing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** The `_headers` file a build of Netlify context `context` needs, or null for none. */
export function previewHeaders(context: string | undefined): string | null {
  if (!context || context === 'production') return null;
  return '/*\n  X-Robots-Tag: noindex\n';
}

if (import.meta.main) {
  const headers = previewHeaders(process.env.CONTEXT);
  if (headers) {
    writeFileSync(path.resolve(import.meta.dirname, '../dist/_headers'), headers);
    console.log(`${process.env.CONTEXT}: every static file of this deploy is marked noindex (dist/_headers).`);
  }
}
