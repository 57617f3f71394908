// The developers' how-tos name every file a test enforces for their kind of change: each how-to of CONTRIBUTING.md
// named in HOW_TO_FILES names those files in backticks, and each enforcing test (or script) does read what it
// enforces, so the list cannot drift from the tests (the labels the docs promise: doc-labels.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/**
 * The files each how-to must name because a test (or a build check) fails without them: the file, the test or
 * script that enforces it, and what of it that test reads (its module's name, or the export it defines:
 * preview-data.test.ts reads `PREVIEW_DATA`, which src/db/preview-plan.ts defines).
 */
const HOW_TO_FILES: Record<string, { file: string; enforcedBy: string; reads: string }[]> = {
  'Add a field to a public form': [
    { file: 'src/db/preview-plan.ts', enforcedBy: 'tests/unit/privacy/preview-data.test.ts', reads: 'PREVIEW_DATA' },
    {
      file: 'src/lib/forms/intake-steps.ts',
      enforcedBy: 'tests/unit/lib/intake-steps.test.ts',
      reads: 'intake-steps',
    },
    {
      file: 'src/features/leads/audit-answers.ts',
      enforcedBy: 'tests/unit/lib/intake-steps.test.ts',
      reads: 'audit-answers',
    },
    { file: 'tests/fixtures/forms.ts', enforcedBy: 'tests/unit/leads/contact.test.ts', reads: 'fixtures/forms' },
  ],
  'Add a column or a table (a migration)': [
    { file: 'src/db/preview-plan.ts', enforcedBy: 'tests/unit/privacy/preview-data.test.ts', reads: 'PREVIEW_DATA' },
    { file: 'tests/unit/db/migrate.test.ts', enforcedBy: 'tests/unit/db/migrate.test.ts', reads: 'migrations' },
  ],
  'Add a portal route': [
    { file: 'netlify.toml', enforcedBy: 'scripts/check-bundles.ts', reads: 'netlify.toml' },
    {
      file: 'tests/unit/accounts/role-routes.ts',
      enforcedBy: 'tests/unit/accounts/role-matrix.test.ts',
      reads: 'role-routes',
    },
    {
      file: 'tests/unit/accounts/lead-routes.ts',
      enforcedBy: 'tests/unit/accounts/role-routes.ts',
      reads: 'lead-routes',
    },
    {
      file: 'tests/unit/accounts/session-routes.ts',
      enforcedBy: 'tests/unit/accounts/role-routes.ts',
      reads: 'session-routes',
    },
  ],
};

/** The text of a `### heading` section of a Markdown text, up to the next heading of that level or above. */
export function section(text: string, heading: string): string | undefined {
  const start = text.indexOf(`\n### ${heading}\n`);
  if (start < 0) return undefined;
  const rest = text.slice(start + heading.length + 6);
  const end = rest.search(/\n#{1,3} /);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The enforced files a how-to's section does not name in backticks. */
export const unnamed = (howTo: string, files: readonly string[]): string[] =>
  files.filter((file) => !howTo.includes(`\`${file}\``));

describe('the how-tos name every file their tests enforce', () => {
  const contributing = read('CONTRIBUTING.md');

  it.each(Object.entries(HOW_TO_FILES))('"%s" names each file its tests hold it to', (heading, entries) => {
    const howTo = section(contributing, heading);
    expect(howTo, `CONTRIBUTING.md has no "### ${heading}"`).toBeDefined();
    expect(
      unnamed(
        howTo!,
        entries.map((e) => e.file),
      ),
    ).toEqual([]);
  });

  it('lists only files their tests do read', () => {
    const unread = Object.values(HOW_TO_FILES)
      .flat()
      .filter(({ enforcedBy, reads }) => !read(enforcedBy).includes(reads))
      .map(({ file, enforcedBy }) => `${enforcedBy} does not read ${file}`);
    expect(unread).toEqual([]);
  });

  it('fails on a how-to that leaves out an enforced file', () => {
    const text = '# C\n\n### Add a thing\n\n1. Change `src/db/schema.ts`.\n\n### Next\n\n`src/db/preview-plan.ts`\n';
    const howTo = section(text, 'Add a thing')!;
    expect(unnamed(howTo, ['src/db/schema.ts', 'src/db/preview-plan.ts'])).toEqual(['src/db/preview-plan.ts']);
  });
});
