/** Reading a content file's data (the checker, the resource files' build). */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** The frontmatter of an MD or MDX file, or the whole of a YAML or JSON file, as data. */
export function readEntryData(file: string): unknown {
  const source = readFileSync(file, 'utf8');
  if (file.endsWith('.yaml') || file.endsWith('.yml')) return parseYaml(source) ?? {};
  if (file.endsWith('.json')) return JSON.parse(source) as unknown;
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(source);
  if (!match) throw new Error('must start with a frontmatter block between two --- lines');
  return parseYaml(match[1]!) ?? {};
}
