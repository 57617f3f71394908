/**
 * Serves the built site as Netlify's CDN does: pretty URLs (`/about` → `about.html`), `404.html` with a
 * 404 status, the `[[headers]]` rules of netlify.toml, and gzip or brotli for text.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { parse } from 'smol-toml';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};
const compressible = /^(text\/|application\/(json|xml)|image\/svg)/;

interface HeaderRule {
  pattern: RegExp;
  values: Record<string, string>;
}

/** Reads the `[[headers]]` rules of a netlify.toml; `*` matches any run of characters, as on Netlify. */
export function readHeaderRules(tomlFile: string): HeaderRule[] {
  const config = parse(readFileSync(tomlFile, 'utf8')) as {
    headers?: { for: string; values: Record<string, string> }[];
  };
  return (config.headers ?? []).map((rule) => ({
    pattern: new RegExp(`^${rule.for.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
    values: rule.values,
  }));
}

export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  return Object.assign({}, ...rules.filter((r) => r.pattern.test(pathname)).map((r) => r.values));
}

/** The file Netlify would serve for a path: the file itself, `<path>.html` or `<path>/index.html`. */
export function resolveFile(root: string, pathname: string): string | null {
  const clean = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const base = path.join(root, clean);
  if (!base.startsWith(root)) return null;
  for (const candidate of [base, `${base}.html`, path.join(base, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

export function createStaticHandler(root: string, rules: HeaderRule[]) {
  const cache = new Map<string, Buffer>();
  const read = (file: string, encoding: string): Buffer => {
    const key = `${encoding}:${file}`;
    let body = cache.get(key);
    if (!body) {
      const raw = readFileSync(file);
      body = encoding === 'br' ? brotliCompressSync(raw) : encoding === 'gzip' ? gzipSync(raw) : raw;
      cache.set(key, body);
    }
    return body;
  };

  return (request: Request): Response | null => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const { pathname } = new URL(request.url);
    let file: string | null;
    try {
      file = resolveFile(root, pathname);
    } catch {
      file = null; // a malformed escape in the path
    }
    const status = file ? 200 : 404;
    file ??= path.join(root, '404.html');
    const type = types[path.extname(file)] ?? 'application/octet-stream';
    const accept = request.headers.get('accept-encoding') ?? '';
    const encoding = !compressible.test(type)
      ? ''
      : /\bbr\b/.test(accept)
        ? 'br'
        : /\bgzip\b/.test(accept)
          ? 'gzip'
          : '';
    const body = read(file, encoding);
    const headers = new Headers(headersFor(rules, pathname));
    headers.set('Content-Type', type);
    headers.set('Content-Length', String(body.length));
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
    if (encoding) headers.set('Content-Encoding', encoding);
    headers.append('Vary', 'Accept-Encoding');
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  };
}
