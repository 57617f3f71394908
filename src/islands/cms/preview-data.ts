/**
 * Reading a Decap CMS entry for the preview templates. While an editor types, an entry is partial: a new one
 * has no fields at all, a list may be empty or hold a half-filled item, a number may still be text. Every
 * reader here takes whatever is there and returns a usable value (an empty string, an empty list), so a
 * preview never throws.
 */
import type { ReactNode } from 'react';

/**
 * What Decap CMS passes a preview template (`PreviewTemplateComponentProps` of decap-cms-core), as far as the
 * templates read it. `entry` is an Immutable Map: `entry.getIn(['data', 'title'])`.
 */
export interface PreviewProps {
  entry: { getIn(path: string[]): unknown };
  /** The rendered preview of a field, e.g. the markdown body as HTML; throws for a field the collection lacks. */
  widgetFor(name: string): ReactNode;
  /** The displayable asset of an image field's value (its `url`, or its `toString()`). */
  getAsset(path: string): { url?: string; toString(): string } | null | undefined;
}

/** The brand names that fill `{agencyName}`, `{productName}` and `{auditName}` (src/config/site.ts). */
export interface BrandNames {
  agencyName: string;
  productName: string;
  auditName: string;
}

/** The site's values a preview shows but the browser cannot import (src/config/site.ts reads the server's settings). */
export interface PreviewSite extends Partial<BrandNames> {
  /** The labels of the scheduling buttons (`bookingLabels` of src/config/navigation.ts). */
  bookingLabels?: Partial<Record<'strategyCall' | 'usMarketCall' | 'discoveryCall', string>>;
}

/** A plain object of a partial entry's fields. */
export type Fields = Record<string, unknown>;

/** An Immutable value (Map, List) as plain JavaScript; anything else as it is. */
export function plain(value: unknown): unknown {
  if (value && typeof value === 'object' && 'toJS' in value && typeof value.toJS === 'function') {
    return (value as { toJS(): unknown }).toJS();
  }
  return value;
}

/** An object's fields, or none when it is missing or not an object. */
export function fields(value: unknown): Fields {
  const v = plain(value);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : {};
}

/** A field as text: numbers and booleans written out, anything else empty. */
export function str(value: unknown): string {
  const v = plain(value);
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** A list field: its items, or none when it is missing or not a list. */
export function list(value: unknown): unknown[] {
  const v = plain(value);
  return Array.isArray(v) ? v.filter((item) => item !== null && item !== undefined) : [];
}

/** A list of text items, without the empty ones. */
export const strings = (value: unknown): string[] => list(value).map(str).filter(Boolean);

/** A list of objects. */
export const records = (value: unknown): Fields[] => list(value).map(fields);

/** A whole number written as a number or as text; undefined when it is neither. */
export function num(value: unknown): number | undefined {
  const v = plain(value);
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A date field (a Date, or text such as `2026-08-20`); undefined while it is missing or not a date yet. */
export function date(value: unknown): Date | undefined {
  const v = plain(value);
  const d = v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
}

/**
 * Every string of a value with the brand tokens filled from `names`, as the site's pages fill them
 * (src/components/resources/resources.ts); a token whose name is not given stays as it is.
 */
export function branded<T>(value: T, names: Partial<BrandNames>): T {
  if (typeof value === 'string') {
    return value.replace(
      /\{(agencyName|productName|auditName)\}/g,
      (token, key: keyof BrandNames) => names[key] ?? token,
    ) as T;
  }
  if (Array.isArray(value)) return value.map((v) => branded(v, names)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, branded(v, names)])) as T;
  }
  return value;
}
