import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPages, distDir, inlineScriptHashes, inlineScripts } from '../../../scripts/lib/built-site.ts';
import { EDITOR_SCRIPT } from '../../../src/lib/cms-config.ts';
import { headersFor, readHeaderRules } from '../../../scripts/lib/static.ts';
import { site } from '../../../src/config/site.ts';
import { IMG_SRC, allowedImage } from '../../../src/lib/image-sources.ts';
import {
  CMS_HEADERS,
  NON_HTML_CSP,
  SECURITY_HEADERS,
  securityHeadersFor,
} from '../../../src/server/security-headers.ts';

const rules = readHeaderRules(path.resolve(import.meta.dirname, '../../../netlify.toml'));
const page = headersFor(rules, '/about');
const directives = new Map(
  page['Content-Security-Policy']!.split(';').map((d) => {
    const [name, ...values] = d.trim().split(/\s+/);
    return [name!, values] as const;
  }),
);

describe('response headers of netlify.toml', () => {
  it('sends the security headers on every page', () => {
    expect(page['Strict-Transport-Security']).toMatch(/max-age=31536000/);
    expect(page['X-Content-Type-Options']).toBe('nosniff');
    expect(page['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(page['Permissions-Policy']).toMatch(/camera=\(\)/);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
  });

  it('allows no inline script except the hashed ones the build really has', () => {
    const scriptSrc = directives.get('script-src')!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    const needed = [...inlineScriptHashes()];
    expect(needed.length).toBeGreaterThan(0);
    for (const hash of needed) {
      expect(scriptSrc, `add ${hash} to script-src in netlify.toml (npm run csp prints the list)`).toContain(hash);
    }
    const stale = scriptSrc.filter((s) => s.startsWith("'sha256-") && !needed.includes(s));
    expect(stale, 'hashes in netlify.toml that no built page uses').toEqual([]);
  });

  it('lets exactly the origins be framed that the built pages and their scripts put in an iframe', () => {
    const pages = builtPages().map((file) => readFileSync(path.join(distDir, file), 'utf8'));
    // Iframes in the HTML, and the map the contact page creates at run time from its `data-src`.
    const framed = pages.flatMap((html) => [
      ...[...html.matchAll(/<iframe\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<[^>]*\sdata-map\b[^>]*\sdata-src="([^"]+)"/g)].map((m) => m[1]!),
    ]);
    expect(framed).toContain(site.mapEmbedUrl);
    // No other script of the build (an island, say) creates an iframe the lines above would not see.
    const scripts = readdirSync(path.join(distDir, '_astro')).filter((file) => file.endsWith('.js'));
    const creators = scripts.filter((file) =>
      /createElement\(\s*[`'"]iframe[`'"]|jsxs?\)?\(\s*[`'"]iframe[`'"]/.test(
        readFileSync(path.join(distDir, '_astro', file), 'utf8'),
      ),
    );
    expect(creators.map((file) => file.split('.')[0])).toEqual(['MapEmbed']);
    const origins = [...new Set(framed.map((url) => new URL(url.replaceAll('&amp;', '&')).origin))].sort();
    expect(directives.get('frame-src')!.toSorted()).toEqual(origins);
    // The scheduling pages open in a new tab: they are never framed.
    for (const url of Object.values(site.scheduling)) expect(origins).not.toContain(new URL(url).origin);
  });

  it('loads images only from the listed sources: no scheme or host left open, no data:', () => {
    const imgSrc = directives.get('img-src')!;
    expect(imgSrc).toEqual(IMG_SRC.split(' '));
    for (const open of ['https:', 'http:', 'data:', 'blob:', '*']) expect(imgSrc).not.toContain(open);
    for (const source of imgSrc.filter((s) => s !== "'self'")) expect(source).toMatch(/^https:\/\/[a-z0-9.-]+$/);
    // Every image the built pages show (src and srcset) is one of them.
    const images = builtPages().flatMap((file) => {
      const html = readFileSync(path.join(distDir, file), 'utf8');
      return [
        ...[...html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
        ...[...html.matchAll(/\ssrcset="([^"]+)"/g)].flatMap((m) =>
          m[1]!.split(',').map((c) => c.trim().split(/\s+/)[0]!),
        ),
      ];
    });
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((src) => !allowedImage(src, site.url))).toEqual([]);
  });

  it('isolates every page and function answer from the windows of other sites (COOP same-origin)', () => {
    expect(page['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(securityHeadersFor('text/html')['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(securityHeadersFor('application/json')['Cross-Origin-Opener-Policy']).toBe('same-origin');
  });

  it('caches hashed assets for a year, immutably', () => {
    expect(headersFor(rules, '/_astro/client.abc123.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(page['Cache-Control']).toBeUndefined();
  });

  it('are the very headers the functions send, since Netlify applies these to static files only', () => {
    const { 'Cache-Control': _ignored, ...forEveryPage } = page;
    expect(SECURITY_HEADERS).toEqual(forEveryPage);
    expect(securityHeadersFor('text/html; charset=utf-8')).toEqual(forEveryPage);
    // An answer that is not a page loads nothing at all.
    expect(securityHeadersFor('application/json')).toEqual({
      ...forEveryPage,
      'Content-Security-Policy': NON_HTML_CSP,
    });
  });

  it("loosens only the editor's own page, and only as far as the editor needs", () => {
    const cms = new Map(
      CMS_HEADERS['Content-Security-Policy'].split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    // Its script is the site's own file; eval for Decap's schema check, no inline script, no other host. The
    // editor draws its preview in a frame of its own page.
    expect(cms.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    expect(cms.get('connect-src')).toEqual(["'self'", 'blob:', 'https://api.github.com']);
    expect(cms.get('frame-src')).toEqual(["'self'"]);
    for (const closed of ['frame-ancestors', 'object-src']) expect(cms.get(closed)).toEqual(directives.get(closed));
    expect(cms.get('form-action')).toEqual(["'self'"]);
    expect(cms.get('base-uri')).toEqual(["'self'"]);
    expect(CMS_HEADERS['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    // The editor's script is on no other page, and its page has no inline script to allow.
    const pages = builtPages().filter((file) => file !== 'cms-shell.html');
    const editorScript = new RegExp(`src="${EDITOR_SCRIPT}"`);
    for (const file of pages) expect(readFileSync(path.join(distDir, file), 'utf8'), file).not.toMatch(editorScript);
    const shell = readFileSync(path.join(distDir, 'cms-shell.html'), 'utf8');
    expect(shell).toMatch(editorScript);
    expect(inlineScripts(shell)).toEqual([]);
  });
});
