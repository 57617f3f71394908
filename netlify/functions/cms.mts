// The browser editor (docs/decisions/0033-browser-editor.md, 0037-editor-on-its-own-origin.md):
//   GET /cms   the editor's page, built as /cms-shell, with the Content-Security-Policy the editor needs; with
//              CMS_ORIGIN set, only there (any other origin redirects to it, and there no other function answers)
//   GET /cms-shell, /cms-shell/, /cms-shell.html   redirected to /cms: the built frame is never served on its own
// A function and not a static file: every `[[headers]]` rule whose path matches applies to a static file, so the
// site-wide `/*` policy, which forbids what the editor needs, would reach it too; a function's answer carries
// only the headers it sends. A function's path also takes precedence over a static file at that path (Netlify's
// default, no `preferStatic`), so the built /cms-shell.html is reached through this function only.
import type { Config } from '@netlify/functions';
import { editorOrigin } from '../../src/config/cms.ts';
import { site } from '../../src/config/site.ts';
import { loadBuiltPage, unavailablePage } from '../../src/server/built-page.ts';
import { allowMethods, withErrors } from '../../src/server/http.ts';
import { CMS_HEADERS } from '../../src/server/security-headers.ts';
import { loggable } from '../../src/server/loggable.ts';

const noindex = { 'X-Robots-Tag': CMS_HEADERS['X-Robots-Tag'], 'Cache-Control': 'no-store' };

export default withErrors(
  async (request) => {
    const guard = allowMethods(request, ['GET', 'HEAD']);
    if (guard) return guard;
    const url = new URL(request.url);
    const { origin, problem } = editorOrigin(process.env, new URL(site.url).origin);
    if (problem) {
      console.error(`The editor is not served: ${problem}.`);
      // A setting to fix, not a moment to wait: said in the words of the editor's own "not set up" page.
      return new Response(
        '<!doctype html><html lang="en"><title>The content editor is not set up on this site</title>' +
          '<h1>The content editor is not set up on this site</h1><p>Its address, CMS_ORIGIN in Netlify’s environment ' +
          'variables, will not do (the function log says why). The deploy checklist (docs/deploy-checklist.md, step ' +
          '13.5) says which address to use; deploy again once it is set.</p></html>',
        { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', ...noindex } },
      );
    }
    const home = origin ?? url.origin;
    // The frame on its own, or the editor on another origin than its own: to the editor's one address.
    if (url.pathname !== '/cms' || url.origin !== home)
      return new Response(null, { status: 308, headers: { Location: `${home}/cms`, ...noindex } });
    const page = await loadBuiltPage('/cms-shell').catch((error: unknown) => {
      console.error('The editor page is missing:', loggable(error));
      return null;
    });
    if (!page) return unavailablePage('The content editor');
    return new Response(page, {
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...CMS_HEADERS },
    });
  },
  { editorOrigin: true },
);

// A literal: Netlify reads this object without running the module.
export const config: Config = { path: ['/cms', '/cms-shell', '/cms-shell/', '/cms-shell.html'] };
