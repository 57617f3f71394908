/**
 * The editor's check of `content/`: every file against its collection's schema (src/lib/content-schemas.ts,
 * the ones the build uses), plus what a schema cannot see: a file name that cannot be a page address, two
 * files that would be the same page, a page that would take the address of another page, two services
 * with one anchor on the services page, an image that is not there, a resource's file that is not there, too
 * large or not of its type by its bytes. Each problem is one line, `content/resources/x.mdx: description must be 50–160 characters`.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'astro/zod';
import { collectionFiles, type CollectionName } from '../../src/lib/content-schemas.ts';
import { addressProblem, entryProblems, pageCollections } from '../../src/lib/content-entry.ts';
import { readEntryData } from './entry-data.ts';
import { attachedFileProblem } from './resource-files.ts';

export { pageCollections } from '../../src/lib/content-entry.ts';

export { readEntryData } from './entry-data.ts';

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
        if (!/\.(md|mdx|yaml|yml|json)$/.test(ext)) continue; // images and other assets beside the entries
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
      const fieldProblems = entryProblems(name, data, image);
      for (const line of fieldProblems) problems.push(`${rel(file)}: ${line}`);

      // A resource's own file: there, under the size cap, and its bytes of its type (resource-files.ts).
      const attached = (data as { file?: unknown }).file;
      if (name === 'resources' && !fieldProblems.length && typeof attached === 'string') {
        const problem = attachedFileProblem(file, attached);
        if (problem) problems.push(`${rel(file)}: ${problem}`);
      }

      if (name === 'services' && !fieldProblems.length) {
        const { anchor } = data as { anchor: string };
        const other = anchors.get(anchor);
        if (other) problems.push(`${rel(file)}: anchor ${anchor} is already the anchor of ${other}; choose another`);
        else anchors.set(anchor, rel(file));
      }

      const base = pageCollections[name as keyof typeof pageCollections];
      if (base) {
        const address = addressProblem(stem, ext);
        if (address) {
          problems.push(`${rel(file)}: ${address}`);
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
