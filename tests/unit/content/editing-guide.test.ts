// The editor's guide stays true: every field of every collection is in its table, and nothing else is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { collectionFiles, schemas, type CollectionName } from '../../../src/lib/content-schemas.ts';

const guide = readFileSync(path.resolve(import.meta.dirname, '../../../docs/editing-content.md'), 'utf8');

/** The fields listed in the guide's table for the collection in `content/<dir>/`. */
function documentedFields(dir: string): string[] {
  const heading = guide.split('\n### ').find((section) => section.split('\n')[0]!.includes(`(\`content/${dir}/`));
  if (!heading) return [];
  return [...heading.matchAll(/^\| `(\w+)`/gm)].map((m) => m[1]!);
}

/** The top-level fields of a collection's schema (both shapes of a package). */
function schemaFields(name: CollectionName): string[] {
  const schema = schemas[name](() => z.string()) as z.ZodType;
  const shapes =
    schema instanceof z.ZodDiscriminatedUnion
      ? (schema.options as z.ZodObject[]).map((o) => o.shape)
      : [(schema as z.ZodObject).shape];
  return [...new Set(shapes.flatMap((shape) => Object.keys(shape)))];
}

describe('docs/editing-content.md', () => {
  it.each(Object.keys(collectionFiles) as CollectionName[])('lists exactly the fields of %s', (name) => {
    expect(documentedFields(collectionFiles[name].dir).sort()).toEqual(schemaFields(name).sort());
  });

  it('is linked from the README', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    expect(readme).toContain('docs/editing-content.md');
  });
});
