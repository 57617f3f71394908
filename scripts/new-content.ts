/**
 * `npm run new -- <kind> "<title>"`: writes a valid starting file for a content editor from the template in
 * docs/templates/, named after the title, and checks it. Kinds: resource, case-study, testimonial,
 * service, team-member, package. The editor then replaces the placeholder text (docs/editing-content.md).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkContent, ownPagePaths, readEntryData } from './lib/content-check.ts';
import { slugify } from '../src/lib/slugify.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Each kind: its template, the folder it goes in, and whether the file name is the page address. */
export const kinds = {
  resource: { template: 'resource.mdx', dir: 'resources', page: '/resources' },
  'case-study': { template: 'case-study.mdx', dir: 'case-studies', page: '/case-studies' },
  service: { template: 'service.yaml', dir: 'services', page: '/services' },
  testimonial: { template: 'testimonial.yaml', dir: 'testimonials', page: null },
  'team-member': { template: 'team-member.yaml', dir: 'team', page: null },
  package: { template: 'package.yaml', dir: 'packages', page: null },
} as const;
export type Kind = keyof typeof kinds;

/** The next free `order` of a folder: one past the highest there. */
function nextOrder(folder: string): number {
  const orders = readdirSync(folder)
    .filter((f) => /\.(ya?ml|mdx?)$/.test(f))
    .map((f) => {
      try {
        return Number((readEntryData(path.join(folder, f)) as { order?: unknown }).order) || 0;
      } catch {
        return 0;
      }
    });
  return Math.max(0, ...orders) + 1;
}

/** A title in single quotes for YAML (a quote inside is doubled). */
const yamlText = (text: string) => text.replace(/'/g, "''");

/**
 * Writes the new file under `contentRoot` and returns its path, or throws with a message for the editor.
 * `today` is the resource's date (YYYY-MM-DD).
 */
export function newContent(kind: Kind, title: string, contentRoot: string, today: string): string {
  const spec = kinds[kind];
  const clean = title.trim().replace(/\s+/g, ' ');
  if (!clean) throw new Error('Give a title, e.g. npm run new -- resource "How CROs Win RFPs"');
  // A page's address may be long; the name of a file that is no page only needs to be recognisable.
  const slug = slugify(
    clean
      .split(' ')
      .slice(0, spec.page ? 12 : 6)
      .join(' '),
  );
  if (!slug) throw new Error('The title needs letters or digits: the file name is made from it');
  const folder = path.join(contentRoot, spec.dir);
  const ext = path.extname(spec.template);
  const file = path.join(folder, `${slug}${ext}`);
  const twin = path.join(folder, `${slug}${ext === '.mdx' ? '.md' : '.yml'}`);
  if (existsSync(file) || existsSync(twin))
    throw new Error(`${path.relative(root, file)} already exists: choose another title`);
  const template = readFileSync(path.join(root, 'docs/templates', spec.template), 'utf8');
  const text = template
    .replaceAll('{{title}}', yamlText(clean))
    .replaceAll('{{slug}}', slug)
    .replaceAll('{{date}}', today)
    .replaceAll('{{order}}', String(nextOrder(folder)));
  writeFileSync(file, text, { flag: 'wx' });
  return file;
}

function main() {
  const [kind, ...words] = process.argv.slice(2);
  if (!kind || !(kind in kinds)) {
    console.error(`Usage: npm run new -- <${Object.keys(kinds).join('|')}> "Title"`);
    process.exit(2);
  }
  const content = path.join(root, 'content');
  let file: string;
  try {
    file = newContent(kind as Kind, words.join(' '), content, new Date().toISOString().slice(0, 10));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const rel = path.relative(root, file);
  const problems = checkContent(content, ownPagePaths(path.join(root, 'src/pages'))).filter((p) =>
    p.startsWith(`${rel}:`),
  );
  console.log(`Wrote ${rel}.`);
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  const page = kinds[kind as Kind].page;
  console.log(
    [
      page ? `It becomes the page ${page}/${path.basename(file, path.extname(file))}.` : '',
      'Replace the placeholder text, then `npm start` to see it at http://localhost:4321,',
      'and open a pull request: its deploy preview shows the page before it goes live (docs/editing-content.md).',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

if (import.meta.main) main();
