/**
 * The browser editor's fields, made from the content schemas the build uses (src/lib/content-schemas.ts), so
 * the editor asks for what the build accepts: the same required fields, lengths, patterns, choices and list
 * minimums, and on the field the same words as `npm run check:content` ("must be 50–170 characters").
 * tests/unit/content/cms-config.test.ts holds every field to its schema.
 *
 * It reads the schemas' own definitions (zod's `_zod.def`): a kind of schema it does not know is an error here,
 * not a field quietly left out of the editor.
 */
import { z } from 'astro/zod';
import { DOWNLOAD_LINK } from './forms/download.schema.ts';
import { RESOURCE_FILE_MAX_MB, resourceFile, resourceFileExtensions } from './resource-files.ts';

/** A field of the editor (a Decap CMS field: name, label, widget and the widget's options). */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  /** A regular expression the text must match, and the message shown on the field when it does not. */
  pattern?: [string, string];
  default?: unknown;
  [option: string]: unknown;
}

/** The stand-in for an image field: a path the editor's media library wrote (`./images/cover.webp`). */
export const CMS_IMAGE = z.string('must be the path of an image file beside the entry, e.g. ./images/cover.jpg');

/** What the editor says under a resource's gated switch (docs/editing-content.md, "Downloads"). */
const GATED_HINT = `Left alone, or on: the file is mailed behind a short form (name, email, consent), as a link for ${DOWNLOAD_LINK.days} days and ${DOWNLOAD_LINK.opens} downloads. Off: it downloads at once, nothing asked.`;
/** What the editor says under a resource's file field. */
const FILE_HINT = `${resourceFileExtensions.join(', ')}, at most ${RESOURCE_FILE_MAX_MB} MB. Leave empty on a whitepaper or e-book to offer a PDF made from the article.`;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  error?: () => string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  prefix?: string;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);
const message = (check: CheckDef) => check.error?.() ?? '';

/** Sentence-case words of a field name: `metaDescription` is "Meta description". */
const WORDS: Record<string, string> = {
  cta: 'Call to action',
  href: 'Link',
  linkedin: 'LinkedIn',
  file: 'File to download',
  gated: 'Gated (mailed behind a form)',
};
export function labelOf(name: string): string {
  if (WORDS[name]) return WORDS[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern of a text field: its length once trimmed (as the schema trims), its format and its start, each
 * as a look-ahead so that all must hold; the message is the first failing rule's schema message.
 */
function textPattern(checks: CheckDef[]): [string, string] | undefined {
  const min = checks.find((c) => c.check === 'min_length');
  const max = checks.find((c) => c.check === 'max_length');
  const parts: string[] = [];
  const messages: string[] = [];
  if (min || max) {
    // The trimmed text: from its first to its last non-space character, between the bounds.
    parts.push(`(?=\\s*(?=\\S)[\\s\\S]{${min?.minimum ?? 0},${max?.maximum ?? ''}}(?<=\\S)\\s*$)`);
    messages.push(message(min ?? max!));
  }
  for (const check of checks) {
    if (check.check !== 'string_format') continue;
    if (check.format === 'regex' && check.pattern) parts.push(`(?=${check.pattern.source})`);
    else if (check.format === 'starts_with' && check.prefix !== undefined) parts.push(`(?=${escape(check.prefix)})`);
    else if (check.format === 'url') parts.push('(?=[a-z][a-z0-9+.-]*://[^\\s/]+\\S*$)');
    else throw new Error(`The editor has no pattern for the text format ${check.format}`);
    messages.push(message(check));
  }
  if (!parts.length) return undefined;
  const distinct = [...new Set(messages.filter(Boolean))];
  return [`^${parts.join('')}`, distinct.join('; ')];
}

/** The editor's field for a schema, by the kind of schema. */
export function fieldFor(name: string, schema: z.ZodType): CmsField {
  let inner = schema;
  let required = true;
  let fallback: unknown;
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'optional') required = false;
    else if (def.type === 'default') {
      required = false;
      fallback = (def as unknown as { defaultValue: unknown }).defaultValue;
    } else break;
    inner = (def as unknown as { innerType: z.ZodType }).innerType;
  }
  const base: CmsField = { name, label: labelOf(name), widget: 'string', required };
  if (fallback !== undefined) base.default = fallback;
  return { ...base, ...widgetOf(inner, name) };
}

function widgetOf(schema: z.ZodType, name: string): Omit<CmsField, 'name' | 'label'> {
  if (schema === CMS_IMAGE) return { widget: 'image', choose_url: false };
  const def = defOf(schema);
  // A format schema (`z.url()`) is its own first check.
  const checks = [...(def.check === 'string_format' ? [def as unknown as CheckDef] : []), ...checksOf(def)];
  switch (def.type) {
    case 'string': {
      const max = checks.find((c) => c.check === 'max_length')?.maximum;
      const pattern = textPattern(checks);
      // A paragraph gets a text area; a line (a name, a title, a label) a one-line input.
      const widget = max !== undefined && max > 200 ? 'text' : 'string';
      // A resource's download: a file beside the entry, in its own folder, with the schema's own pattern
      // (docs/editing-content.md, "Downloads").
      if (schema === resourceFile) {
        return {
          widget: 'file',
          choose_url: false,
          media_folder: 'files',
          public_folder: './files',
          pattern,
          hint: FILE_HINT,
        };
      }
      return pattern ? { widget, pattern, hint: pattern[1] } : { widget };
    }
    case 'number': {
      const int = checks.some((c) => c.check === 'number_format' && c.format === 'safeint');
      const floor = checks.find((c) => c.check === 'greater_than');
      const field: Omit<CmsField, 'name' | 'label'> = { widget: 'number', value_type: int ? 'int' : 'float' };
      // "Above 0": the smallest whole number, or a cent, since the widget's minimum is inclusive.
      if (floor) field.min = floor.inclusive ? floor.value : (floor.value ?? 0) + (int ? 1 : 0.01);
      if (floor) field.hint = message(floor);
      return field;
    }
    case 'boolean':
      return name === 'gated' ? { widget: 'boolean', hint: GATED_HINT } : { widget: 'boolean' };
    case 'enum':
      return { widget: 'select', options: Object.values(def.entries as Record<string, string>) };
    case 'date':
      return { widget: 'datetime', date_format: 'YYYY-MM-DD', time_format: false, format: 'YYYY-MM-DD' };
    case 'union': {
      // A choice of literals (`1 | 2`).
      const values = (def.options as z.ZodType[]).map((o) => (defOf(o).values as unknown[] | undefined)?.[0]);
      if (values.every((v) => typeof v === 'number' || typeof v === 'string')) {
        return { widget: 'select', options: values.map((v) => ({ label: String(v), value: v })) };
      }
      throw new Error(`The editor has no field for the union ${name}`);
    }
    case 'array':
      return listOf(def, name);
    case 'object': {
      const refine = checks.find((c) => c.check === 'custom');
      return {
        widget: 'object',
        collapsed: false,
        fields: fieldsOf(schema),
        ...(refine ? { hint: message(refine) } : {}),
      };
    }
    default:
      throw new Error(`The editor has no field for ${name}, a schema of type ${def.type}`);
  }
}

function listOf(def: Def, name: string): Omit<CmsField, 'name' | 'label'> {
  const element = def.element as z.ZodType;
  const min = checksOf(def).find((c) => c.check === 'min_length');
  const limits = min ? { min: min.minimum, hint: message(min) } : {};
  const kind = defOf(element);
  if (kind.type === 'union' && typeof kind.discriminator === 'string') {
    return { widget: 'list', ...limits, typeKey: kind.discriminator, types: variantsOf(element) };
  }
  if (kind.type === 'object') return { widget: 'list', ...limits, collapsed: true, fields: fieldsOf(element) };
  // A list of single values: each one its own input, with the value's own pattern.
  const { name: _n, label: _l, required: _r, ...item } = fieldFor(name, element);
  return { widget: 'list', ...limits, field: { name: 'item', label: labelOf(name), ...item } };
}

/** The kinds of a discriminated union, one object each, named by their discriminator's value. */
export function variantsOf(union: z.ZodType): CmsField[] {
  const def = defOf(union);
  const key = def.discriminator as string;
  return (def.options as z.ZodType[]).map((option) => {
    const value = String((defOf(shapeOf(option)[key]!).values as unknown[])[0]);
    return {
      name: value,
      label: labelOf(value),
      widget: 'object',
      fields: fieldsOf(option, key),
    };
  });
}

const shapeOf = (schema: z.ZodType) => defOf(schema).shape as Record<string, z.ZodType>;

/** The fields of an object schema, in its order (but `omit`, a union's discriminator the editor sets itself). */
export function fieldsOf(schema: z.ZodType, omit?: string): CmsField[] {
  const def = defOf(schema);
  if (def.type !== 'object') throw new Error(`The editor needs an object schema, not ${def.type}`);
  return Object.entries(shapeOf(schema))
    .filter(([name]) => name !== omit)
    .map(([name, field]) => fieldFor(name, field));
}
