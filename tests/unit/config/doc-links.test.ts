// The docs name only what exists: every relative Markdown link and every repository path named in backticks in
// README.md, CONTRIBUTING.md and docs/**/*.md points at a file or folder of this repository. A path counts when it
// starts with one of the repository's folders (src/, tests/, scripts/, netlify/, content/, docs/, bench/, public/,
// drizzle/, .github/) and ends with a file extension or a slash; a glob or a placeholder (`*`, `<…>`, `{…}`, `…`,
// `:id`) names many files, so it is left alone. Links to the site's own pages (`/admin`) and to the web are not
// files and are not checked.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** README.md, CONTRIBUTING.md and every Markdown file under docs/, relative to the root. */
function docFiles(): string[] {
  const found = ['README.md', 'CONTRIBUTING.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found;
}

const FOLDERS = ['src', 'tests', 'scripts', 'netlify', 'content', 'docs', 'bench', 'public', 'drizzle', '.github'];
const REPO_PATH = new RegExp(
  `^(?:${FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})/[^\\s]*(?:\\.[A-Za-z0-9]+|/)$`,
);
const PLACEHOLDER = /[*<>{}…]|\/:[a-z]/i;

/**
 * Paths named on purpose though they do not exist, each with why: an example a reader is to make, an attacker's
 * file, a file a decision says was moved away.
 */
const NAMED_NOT_THERE: Record<string, string> = {
  'content/resources/how-cros-win-rfps.mdx': "the editor's guide's example of a new resource's file",
  'content/resources/files/': "the folder an editor's first attached file makes (decision 41)",
  'public/x.js': "security.md's finding: the file a hostile editor proxy request could have written",
  'src/lib/forms/uploads.ts': 'decision 29: the file that became the uploads contract',
};

/** A Markdown text without its fenced code blocks (commands, SQL, JSON: not prose that names a path). */
const prose = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** The relative link targets of a Markdown text: `[words](target)`, without the web, site paths and anchors. */
export function relativeLinks(text: string): string[] {
  const targets = [...prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  return targets
    .filter((target) => !/^(?:[a-z][a-z0-9+.-]*:|#|\/)/i.test(target))
    .map((target) => target.replace(/[#?].*$/, ''))
    .filter(Boolean);
}

/** The repository paths a Markdown text names in backticks (globs and placeholders left out). */
export function namedPaths(text: string): string[] {
  const spans = [...prose(text).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
  return spans.filter((span) => REPO_PATH.test(span) && !PLACEHOLDER.test(span) && !(span in NAMED_NOT_THERE));
}

/** What a doc names that does not exist: its broken links (from its folder) and paths (from the root). */
export function missing(file: string, text: string, exists = (p: string) => existsSync(path.join(root, p))): string[] {
  const dir = path.dirname(file);
  const links = relativeLinks(text)
    .filter((target) => !exists(path.normalize(path.join(dir, decodeURI(target)))))
    .map((target) => `${file}: link ${target}`);
  const paths = namedPaths(text)
    .filter((named) => !exists(named.replace(/\/$/, '')))
    .map((named) => `${file}: path \`${named}\``);
  return [...links, ...paths];
}

describe('the docs name only what exists', () => {
  const files = docFiles();

  it('finds the front door, the contributors’ guide and the docs by reader', () => {
    for (const file of [
      'docs/architecture.md',
      'docs/configuration.md',
      'docs/deploy-checklist.md',
      'docs/staff-guide.md',
      'docs/operations/README.md',
    ])
      expect(files).toContain(file);
  });

  it.each(files)('%s: every relative link and repository path exists', (file) => {
    expect(missing(file, readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });

  it('names on purpose only paths that do not exist (else they are checked like any other)', () => {
    expect(Object.keys(NAMED_NOT_THERE).filter((named) => existsSync(path.join(root, named)))).toEqual([]);
  });

  it('links the README to the deploy checklist, CONTRIBUTING.md and the staff guide in one click, in ~200 lines', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const links = relativeLinks(readme);
    for (const page of [
      'CONTRIBUTING.md',
      'docs/deploy-checklist.md',
      'docs/staff-guide.md',
      'docs/editing-content.md',
    ])
      expect(links).toContain(page);
    expect(links).toContain('docs/operations/README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });
});

describe('the docs’ link and path checker', () => {
  const exists = (p: string) => ['docs/a.md', 'src/b.ts', 'src/lib', 'README.md'].includes(p);

  it('reports a broken relative link and a missing path, from the doc’s folder and from the root', () => {
    const text = [
      'See [a](a.md#part), [up](../README.md), [gone](gone.md) and [web](https://x.example/y.md), [page](/admin).',
      'Code in `src/b.ts`, `src/lib/`, `src/c.ts` and `docs/old/`.',
    ].join('\n');
    expect(missing('docs/x.md', text, exists)).toEqual([
      'docs/x.md: link gone.md',
      'docs/x.md: path `src/c.ts`',
      'docs/x.md: path `docs/old/`',
    ]);
  });

  it('leaves globs, placeholders, commands, routes and fenced code alone', () => {
    const text = [
      '`src/**/*.ts`, `content/<kind>/x.mdx`, `netlify/functions/admin-*.mts`, `docs/{a,b}.md`, `src/…/x.ts`,',
      '`npm run build`, `/api/admin/leads/:id`, `src/config` (no extension), `tests/e2e/:id/x.ts`',
      '```sh',
      'cat src/missing.ts `src/missing.ts`',
      '```',
    ].join('\n');
    expect(missing('README.md', text, exists)).toEqual([]);
  });
});
