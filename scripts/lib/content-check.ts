/**
 * The editor's check of `content/`: every file against its collection's schema (src/lib/content-schemas.ts,
 * the ones the build uses), plus what a schema cannot see: a file name that cannot be a page address, two
 * files that would be the same page, a page that would take the address of another page, two services
 * with one anchor on the services page, an image that is not there. Each problem is one line, `content/resources/x.mdx: description must be 50–160 characters`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'astro/zod';
import { collectionFiles, schemas, type CollectionName } from '../../src/lib/content-schemas.ts';
import { SLUG_PATTERN } from '../../src/lib/slugify.ts';

/** Collections whose files are pages of their own, and the folder of the site the page goes in. */
export const pageCollections = {
  services: '/services',
  resources: '/resources',
  caseStudies: '/case-studies',
} as const;

/** The frontmatter of an MD or MDX file, or the whole of a YAML file, as data. */
export function readEntryData(file: string): unknown {
  const source = readFileSync(file, 'utf8');
  if (file.endsWith('.yaml') || file.endsWith('.yml')) return parseYaml(source) ?? {};
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(source);
  if (!match) throw new Error('must start with a frontmatter block between two --- lines');
  return parseYaml(match[1]!) ?? {};
}

/** One line per schema issue: the field's dotted path and the message. */
function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown): string[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'the file';
    const present = issue.path.reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined),
      data,
    );
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.join(', ');
      return `${issue.path.length ? `${field}: ` : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${keys} (check the spelling)`;
    }
    if (present === undefined && issue.code === 'invalid_type') return `${field} is missing (it ${issue.message})`;
    return `${field} ${issue.message}`;
  });
}

/**
 * Every problem of the content under `contentRoot`. `takenPaths` are the addresses already used by the
 * site's own pages, which no content page may take.
 */
export function checkContent(contentRoot: string, takenPaths: ReadonlySet<string> = new Set()): string[] {
  const problems: string[] = [];
  const pages = new Map<string, string>();
  /** The services page's card ids, each the anchor of one service file. */
  const anchors = new Map<string, string>();
  const rel = (file: string) => path.relative(path.dirname(contentRoot), file).split(path.sep).join('/');

  for (const [name, { dir, extensions }] of Object.entries(collectionFiles) as [
    CollectionName,
    (typeof collectionFiles)[CollectionName],
  ][]) {
    const folder = path.join(contentRoot, dir);
    if (!existsSync(folder)) continue;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isFile() || entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
      const file = path.join(folder, entry.name);
      const ext = path.extname(entry.name);
      if (!extensions.includes(ext)) {
        if (!/\.(md|mdx|yaml|yml)$/.test(ext)) continue; // images and other assets beside the entries
        problems.push(`${rel(file)}: this folder takes ${extensions.join(' or ')} files`);
        continue;
      }
      const stem = entry.name.slice(0, -ext.length);
      let data: unknown;
      try {
        data = readEntryData(file);
      } catch (error) {
        problems.push(`${rel(file)}: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      const image = () =>
        z
          .string('must be the path of an image file beside the entry, e.g. ./images/cover.jpg')
          .refine((src) => existsSync(path.resolve(folder, src)), 'names an image file that is not there');
      const result = schemas[name](image).safeParse(data);
      if (!result.success)
        for (const line of describeIssues(result.error.issues, data)) problems.push(`${rel(file)}: ${line}`);

      if (name === 'services' && result.success) {
        const { anchor } = result.data as { anchor: string };
        const other = anchors.get(anchor);
        if (other) problems.push(`${rel(file)}: anchor ${anchor} is already the anchor of ${other}; choose another`);
        else anchors.set(anchor, rel(file));
      }

      const base = pageCollections[name as keyof typeof pageCollections];
      if (base) {
        if (!SLUG_PATTERN.test(stem)) {
          problems.push(
            `${rel(file)}: the file name becomes the page address, so use lower-case words joined by hyphens (e.g. ${
              stem
                .toLowerCase()
                .replace(/[^a-z0-9]+/g, '-')
                .replace(/^-|-$/g, '') || 'my-page'
            }${ext})`,
          );
          continue;
        }
        const page = `${base}/${stem}`;
        const other = pages.get(page);
        if (other) problems.push(`${rel(file)}: ${other} is already the page ${page}; rename one of them`);
        else if (takenPaths.has(page))
          problems.push(`${rel(file)}: ${page} is already a page of the site; choose another file name`);
        else pages.set(page, rel(file));
      }
    }
  }
  return problems;
}

/**
 * The addresses of the site's own pages: the files under src/pages that are not dynamic (`[slug]`), as
 * paths (`src/pages/about.astro` is `/about`).
 */
export function ownPagePaths(pagesDir: string): Set<string> {
  const paths = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else if (/\.(astro|md|mdx|ts)$/.test(entry.name) && !entry.name.includes('[')) {
        const stem = entry.name.replace(/\.(astro|mdx?|ts)$/, '');
        paths.add(stem === 'index' ? prefix || '/' : `${prefix}/${stem}`);
      }
    }
  };
  walk(pagesDir, '');
  return paths;
}
