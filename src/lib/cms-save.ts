/**
 * The browser editor's last check before it saves an entry (a commit, or a pull request's commit): the entry
 * against its collection's own schema, through the same check as `npm run check:content` (content-entry.ts),
 * so an entry the editor saves is one the build accepts, in the same words. The field patterns (cms-fields.ts)
 * say most of it while the editor types; this adds what one field cannot see (a package's kind, a button's
 * link or booking) and the address of a page whose file name was set by hand.
 */
import { schemas, type CollectionName } from './content-schemas.ts';
import { addressProblem, entryProblems, pageCollections } from './content-entry.ts';
import { CMS_IMAGE } from './cms-fields.ts';

type Data = Record<string, unknown>;

/** The entry without the values an editor emptied: an emptied optional field is left out, not saved empty. */
export function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  const kept: Data = {};
  for (const [key, inner] of Object.entries(value as Data)) {
    if (inner === '' || inner === null || inner === undefined) continue;
    const clean = withoutEmpty(inner);
    if (clean && typeof clean === 'object' && !Array.isArray(clean) && !Object.keys(clean).length) continue;
    kept[key] = clean;
  }
  return kept;
}

export const isCollection = (name: string): name is CollectionName => Object.hasOwn(schemas, name);

/**
 * What the editor saves of an entry (`body` is the Markdown of a page, not a field), and the problems that stop
 * the save, one line each. `slug`: the file name of an entry that has one already.
 */
export function prepareEntry(collection: string, data: Data, slug?: string): { data: Data; problems: string[] } {
  const clean = withoutEmpty(data) as Data;
  if (!isCollection(collection)) return { data: clean, problems: [`${collection} is not a kind of content`] };
  const { body: _body, ...fields } = clean;
  const problems = entryProblems(collection, fields, () => CMS_IMAGE.min(1, 'must be chosen'));
  const address = slug && collection in pageCollections ? addressProblem(slug) : undefined;
  return { data: clean, problems: address ? [...problems, address] : problems };
}
