/**
 * The deployed build's check of the Site settings (content/site/settings.json): on Netlify (`NETLIFY=true`, any
 * deploy context) a build whose file still holds an invented or example value stops, naming each field, so the
 * repository's made-up phone, address and LinkedIn page are never published (src/config/identity.ts).
 * `npm run build` on a computer only warns: local builds and the tests run on the shipped values.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { identityProblemLines } from '../../src/config/identity.ts';
import type { SiteSettings } from '../../src/lib/site-settings-schema.ts';

/** The Site settings file under a content folder (`content/`, or the CONTENT_DIR a test builds from). */
export const siteSettingsFile = (contentDir: string) => path.join(contentDir, 'site', 'settings.json');

/** Throws on a deployed build whose Site settings hold a placeholder; returns the lines a local build warns. */
export function identityBuildCheck(env: Record<string, string | undefined>, contentDir: string): string[] {
  const data = JSON.parse(readFileSync(siteSettingsFile(contentDir), 'utf8')) as SiteSettings;
  const lines = identityProblemLines(data);
  if (lines.length && env.NETLIFY === 'true') {
    throw new Error(
      `The site's contact details are still the repository's invented ones: ${lines.join('; ')}. ` +
        'Edit them in the content editor (/cms → Site settings) or in content/site/settings.json on GitHub, ' +
        'then deploy again (docs/deploy-checklist.md, step 0).',
    );
  }
  return lines;
}
