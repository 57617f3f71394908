// The browser editor's configuration against the content schemas the build uses: every field of every schema is
// in the editor with the same name, requiredness, choices, list minimum and kind, and no other; each text field's
// pattern accepts exactly what the build accepts (tried on strings at and around its limits, inside a real entry
// of the repository) and, where it refuses, says the build's words. The oracle is zod's own JSON Schema of each
// collection and the build's own parse, not the generator's reading of the schemas.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { readEntryData } from '../../../scripts/lib/content-check.ts';
import { cmsCollections, cmsConfig, collectionFields, editorSchema } from '../../../src/lib/cms-config.ts';
import type { CmsField } from '../../../src/lib/cms-fields.ts';
import { collectionFiles, schemas, type CollectionName } from '../../../src/lib/content-schemas.ts';

type Json = {
  type?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  oneOf?: Json[];
  enum?: string[];
  const?: string;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  exclusiveMinimum?: number;
};
type Key = string | number;
interface Leaf {
  path: Key[];
  field: CmsField;
  node: Json;
}

const root = path.resolve(import.meta.dirname, '../../..');
const names = Object.keys(schemas) as CollectionName[];
const jsonOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

/**
 * The object of a JSON node, or the merged keys of a union of objects (packages): what every kind requires is
 * required, and a field's list minimum holds only when every kind has it.
 */
function objectOf(node: Json): { properties: Record<string, Json>; required: string[] } {
  if (!node.oneOf) return { properties: node.properties ?? {}, required: node.required ?? [] };
  const kinds = node.oneOf;
  const properties: Record<string, Json> = Object.assign({}, ...kinds.map((o) => o.properties));
  const required = Object.keys(properties).filter((k) => kinds.every((o) => o.required?.includes(k)));
  for (const [key, value] of Object.entries(properties)) {
    const minimums = new Set(kinds.map((o) => o.properties?.[key]?.minItems));
    if (minimums.size > 1) properties[key] = { ...value, minItems: undefined };
  }
  return { properties, required };
}

/** Compares an editor field list with a JSON object node; returns the text fields met on the way. */
function compare(fields: CmsField[], node: Json, at: Key[] = []): Leaf[] {
  const { properties, required } = objectOf(node);
  const own = fields.filter((f) => f.name !== 'body');
  expect(own.map((f) => f.name).sort(), `fields at ${at.join('.') || 'top'}`).toEqual(Object.keys(properties).sort());
  return own.flatMap((field) => {
    const inner = properties[field.name]!;
    const where = [...at, field.name];
    const label = where.join('.');
    // A union's discriminator (a package's kind) is a choice the editor always sets.
    if (!(node.oneOf && field.name === 'kind')) {
      expect(field.required !== false, `${label} required`).toBe(required.includes(field.name));
    }
    return compareValue(field, inner, where);
  });
}

function compareValue(field: CmsField, node: Json, where: Key[]): Leaf[] {
  const label = where.join('.');
  const choices = (node.oneOf ?? (node as { anyOf?: Json[] }).anyOf)?.map((o) => o.const);
  if (choices?.every((c) => c !== undefined)) {
    expect(field.widget, label).toBe('select');
    expect(
      (field.options as { value: unknown }[]).map((o) => o.value),
      label,
    ).toEqual(choices);
    return [];
  }
  if (node.const !== undefined) return [];
  if (node.enum) {
    expect(field.widget, label).toBe('select');
    expect(field.options, label).toEqual(node.enum);
    return [];
  }
  switch (node.type) {
    case 'string':
      if (field.widget === 'image') return [];
      expect(['string', 'text', 'file'], label).toContain(field.widget);
      return node.minLength !== undefined || node.pattern || node.format ? [{ path: where, field, node }] : [];
    case 'integer':
      expect([field.widget, field.value_type], label).toEqual(['number', 'int']);
      return [];
    case 'number':
      expect([field.widget, field.value_type], label).toEqual(['number', 'float']);
      return [];
    case 'boolean':
      expect(field.widget, label).toBe('boolean');
      return [];
    case 'object':
      expect(field.widget, label).toBe('object');
      return compare(field.fields as CmsField[], node, where);
    case 'array': {
      expect(field.widget, label).toBe('list');
      expect(field.min, `${label} minimum`).toBe(node.minItems);
      const items = node.items!;
      if (items.oneOf) {
        const types = field.types as CmsField[];
        expect(types.map((t) => t.name)).toEqual(items.oneOf.map((o) => o.properties![field.typeKey as string]!.const));
        return items.oneOf.flatMap((variant, i) => {
          const { [field.typeKey as string]: _key, ...rest } = variant.properties!;
          const type = types[i]!;
          return compare(type.fields as CmsField[], { ...variant, properties: rest }, [...where, 0, `@${type.name}`]);
        });
      }
      if (items.type === 'object') return compare(field.fields as CmsField[], items, [...where, 0]);
      return compareValue({ ...(field.field as CmsField), required: true }, items, [...where, 0]);
    }
    default:
      // A date: JSON Schema cannot say it (the build coerces it).
      expect(field.widget, label).toBe('datetime');
      return [];
  }
}

/** The repository's entries of a collection, as data. */
const entriesOf = (name: CollectionName) => {
  const dir = path.join(root, 'content', collectionFiles[name].dir);
  return readdirSync(dir)
    .filter((f) => collectionFiles[name].extensions.some((e) => f.endsWith(e)))
    .map((f) => readEntryData(path.join(dir, f)) as Record<string, unknown>);
};

/** A copy of `entry` with `value` at `where` (`@type` picks the list element of that type), or undefined. */
function withValue(entry: unknown, where: Key[], value: string): { data: unknown; at: Key[] } | undefined {
  const data = structuredClone(entry);
  let parent: unknown = data;
  const at: Key[] = [];
  for (let i = 0; i < where.length - 1; i++) {
    let key = where[i]!;
    const next = where[i + 1];
    if (typeof next === 'string' && next.startsWith('@') && Array.isArray((parent as Record<Key, unknown>)[key])) {
      const list = (parent as Record<Key, unknown[]>)[key]!;
      const index = list.findIndex((e) => (e as { type?: string }).type === next.slice(1));
      if (index < 0) return undefined;
      at.push(key);
      parent = list;
      key = index;
      i++;
    }
    at.push(key);
    parent = (parent as Record<Key, unknown>)[key];
    if (!parent || typeof parent !== 'object') return undefined;
  }
  const last = where.at(-1)!;
  (parent as Record<Key, unknown>)[last] = value;
  return { data, at: [...at, last] };
}

/** Strings at and around a text field's limits and of its format. */
function probes(node: Json): string[] {
  const out: string[] = [];
  if (node.minLength !== undefined) {
    const { minLength: min, maxLength: max = min + 40 } = node;
    for (const n of [min - 1, min, max, max + 1]) if (n > 0) out.push('a'.repeat(n));
    out.push(` ${'b'.repeat(max)}  `, ` ${'c'.repeat(Math.max(min, 1))}`, `${'d'.repeat(max)}\n`);
  }
  if (node.pattern) out.push('how-it-works', 'How It Works', 'a--b', 'ok', '/contact', 'contact', '-x');
  if (node.format === 'uri') out.push('https://www.linkedin.com/in/x', 'linkedin.com/in/x', 'https://x y');
  return out;
}

describe('the editor configuration made from the content schemas', () => {
  const image = () => z.string().min(1);

  it.each(names)('%s: every field of the schema, and no other, with its kind and rules', (name) => {
    const leaves = compare(collectionFields(name), jsonOf(editorSchema(name)));
    expect(leaves.length).toBeGreaterThan(0);
  });

  it.each(names)('%s: each text field accepts what the build accepts, and refuses in its words', (name) => {
    const leaves = compare(collectionFields(name), jsonOf(editorSchema(name)));
    const entries = entriesOf(name);
    let tried = 0;
    for (const { path: where, field, node } of leaves) {
      const pattern = new RegExp(field.pattern![0]);
      for (const probe of probes(node)) {
        const placed = entries.map((e) => withValue(e, where, probe)).find(Boolean);
        if (!placed) continue;
        const issues = schemas[name](image).safeParse(placed.data).error?.issues ?? [];
        const own = issues.filter((issue) => issue.path.join('.') === placed.at.join('.'));
        const label = `${name} ${placed.at.join('.')} = ${JSON.stringify(probe)}`;
        expect(pattern.test(probe), label).toBe(own.length === 0);
        for (const issue of own) expect(field.pattern![1], label).toContain(issue.message);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(leaves.length);
  });

  it('a schema field missing from the editor, or one too many, fails the comparison', () => {
    const extended = (editorSchema('testimonials') as z.ZodObject).extend({ rating: z.number() });
    expect(() => compare(collectionFields('testimonials'), jsonOf(extended))).toThrow(/fields at top/);
    const fewer = (editorSchema('testimonials') as z.ZodObject).omit({ tag: true });
    expect(() => compare(collectionFields('testimonials'), jsonOf(fewer))).toThrow(/fields at top/);
  });

  it('covers every kind of the editing guide, the legal pages as single files, images where the schemas expect them', () => {
    const collections = cmsCollections() as ({ name: string; folder?: string; media_folder?: string } & Record<
      string,
      unknown
    >)[];
    expect(collections.map((c) => c.name).sort()).toEqual([...names].sort());
    for (const c of collections.filter((c) => c.folder)) {
      const name = c.name as CollectionName;
      expect(c.folder).toBe(`content/${collectionFiles[name].dir}`);
      expect(c.media_folder).toBe('images');
    }
    const legal = collections.find((c) => c.name === 'legal') as unknown as { files: { file: string }[] };
    expect(legal.files.map((f) => f.file)).toEqual([
      'content/legal/privacy-policy.mdx',
      'content/legal/terms-of-service.mdx',
    ]);
    const images = (n: CollectionName) => collectionFields(n).filter((f) => f.widget === 'image');
    expect(images('resources').map((f) => [f.name, f.required])).toEqual([['image', true]]);
    expect(images('team').map((f) => [f.name, f.required])).toEqual([['image', false]]);
    // The Markdown pages have their body; the YAML kinds none.
    for (const n of ['resources', 'caseStudies', 'legal'] as const)
      expect(collectionFields(n).at(-1)!.name).toBe('body');
    expect(collectionFields('services').some((f) => f.name === 'body')).toBe(false);
  });

  it('saves drafts as pull requests on GitHub, and edits the working tree only on this machine', () => {
    const config = cmsConfig({ repo: 'agency/site', branch: 'main' }, 'https://www.agency.com');
    expect(config.backend).toMatchObject({ name: 'github', repo: 'agency/site', branch: 'main' });
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(config.local_backend.url).toBe('https://www.agency.com/cms/local/api/v1');
    const resources = cmsCollections().find((c) => c.name === 'resources') as { preview_path: string };
    expect(resources.preview_path).toBe('resources/{{slug}}');
  });

  it("makes a new page's address from its title, and says on the title when it cannot", () => {
    const title = collectionFields('resources').find((f) => f.name === 'title')!;
    const pattern = new RegExp(title.pattern![0]);
    expect(pattern.test('How CROs Win RFPs in 2027')).toBe(true);
    expect(pattern.test('Ünïcode Ideas for Labs')).toBe(true);
    expect(pattern.test('snake_case_titles_here')).toBe(false);
    expect(pattern.test('????????????')).toBe(false);
    expect(title.pattern![1]).toContain('page address');
  });
});
