// The browser editor (docs/decisions/0033-browser-editor.md):
//   GET /cms   the editor's page, built as /cms-shell, with the Content-Security-Policy the editor needs
// A function and not a static file: every `[[headers]]` rule whose path matches applies to a static file, so the
// site-wide `/*` policy, which forbids what the editor needs, would reach it too; a function's answer carries
// only the headers it sends.
import type { Config } from '@netlify/functions';
import { loadBuiltPage, unavailablePage } from '../../src/server/built-page.ts';
import { allowMethods, withErrors } from '../../src/server/http.ts';
import { CMS_HEADERS } from '../../src/server/security-headers.ts';
import { loggable } from '../../src/server/loggable.ts';

export default withErrors(async (request) => {
  const guard = allowMethods(request, ['GET', 'HEAD']);
  if (guard) return guard;
  const page = await loadBuiltPage('/cms-shell').catch((error: unknown) => {
    console.error('The editor page is missing:', loggable(error));
    return null;
  });
  if (!page) return unavailablePage('The content editor');
  return new Response(page, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...CMS_HEADERS },
  });
});

// A literal: Netlify reads this object without running the module.
export const config: Config = { path: '/cms' };
