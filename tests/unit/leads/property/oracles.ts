/** Oracles of the property tests, written from the spec rather than taken from the code under test. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../../src/db/client.ts';
import { auditSubmissions, contactMessages, leads } from '../../../../src/db/schema.ts';
import { consent } from '../../../../src/lib/forms/consent.ts';
import { renamedColumns } from '../../../../src/features/leads/audit-answers.ts';
import type { Field, FormModel, Payload } from '../../../fixtures/arbitraries.ts';
import { isObject, type Endpoint } from './endpoints.ts';

/** The spam rule: a filled-in honeypot, else a form filled in faster than 3 s. */
export function expectedSpam(body: Payload): 'honeypot' | 'too_fast' | null {
  if (typeof body.website === 'string' && body.website.trim() !== '') return 'honeypot';
  if (typeof body.fillMs === 'number' && body.fillMs < 3000) return 'too_fast';
  return null;
}

/** What the schema makes of an answer: trimmed, lower-cased, a web address with a scheme, or its default. */
function normalised(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'text':
    case 'date':
      return typeof value === 'string' ? value.trim() : '';
    case 'email':
      return String(value).trim().toLowerCase();
    case 'website': {
      const url = String(value).trim();
      return /^https?:\/\//i.test(url) ? url : `https://${url}`;
    }
    case 'choice':
      return value ?? '';
    case 'multi':
      return value ?? [];
    case 'bool':
      return value ?? false;
    case 'consent':
      return true;
  }
}

const emptyValue = (field: Field) => (field.kind === 'multi' ? [] : field.kind === 'bool' ? false : '');

/** Every answer as it must be stored: normalised, and empty when its question was not shown. */
function expectedAnswers(form: FormModel, body: Payload): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(form.fields)) {
    if (field.kind === 'consent') continue;
    const rule = form.conditional[key];
    out[key] = rule && !rule.when(body) ? emptyValue(field) : normalised(field, body[key]);
  }
  return out;
}

const formOf = (endpoint: Endpoint, body: Payload): FormModel =>
  endpoint.forms.find((f) => Object.entries(f.fixed).every(([k, v]) => body[k] === v)) ?? endpoint.forms[0]!;

/** Reads the stored record back and compares every column with what `body` must have become. */
export async function expectStoredExactly(db: Db, endpoint: Endpoint, id: string, body: Payload): Promise<void> {
  const form = formOf(endpoint, body);
  const answers = expectedAnswers(form, body);
  const spam = expectedSpam(body);
  const table = endpoint.tables.rows === contactMessages ? contactMessages : auditSubmissions;
  const [row] = (await db.select().from(table).where(eq(table.id, id))) as Record<string, unknown>[];
  expect(row, `no row ${id}`).toBeDefined();
  const { id: storedId, createdAt, updatedAt, consentedAt, leadId, ...stored } = row!;
  expect(storedId).toBe(id);
  // The request belongs to the lead of its address, compared case-insensitively.
  const [lead] = await db
    .select({ emailKey: leads.emailKey })
    .from(leads)
    .where(eq(leads.id, leadId as string));
  expect(lead?.emailKey).toBe(
    String(stored.email ?? stored.contactEmail)
      .trim()
      .toLowerCase(),
  );
  for (const time of [createdAt, updatedAt, consentedAt]) {
    expect(Math.abs((time as Date).getTime() - Date.now())).toBeLessThan(120_000);
  }
  const expected: Record<string, unknown> =
    form.name === 'contact'
      ? { ...answers, status: 'unread', consentVersion: consent.contact.version }
      : {
          ...Object.fromEntries(Object.entries(answers).map(([key, value]) => [renamedColumns[key] ?? key, value])),
          source: body.source,
          status: 'pending',
          consentVersion: consent.audit.version,
        };
  Object.assign(expected, { isSpam: spam !== null, spamReason: spam });
  // Columns the form does not fill (the other audit form's) must hold their empty defaults.
  const blank = Object.fromEntries(
    Object.entries(stored).map(([column, value]) => [
      column,
      Array.isArray(value) ? [] : typeof value === 'boolean' ? false : typeof value === 'string' ? '' : value,
    ]),
  );
  expect(stored).toEqual({ ...blank, ...expected });
}

/** Every non-2xx answer: a 4xx whose body is exactly `{ error: { code, message, fields? } }` (`lastError`: the log's cause of a 5xx). */
export function expectErrorShape(status: number, body: unknown, lastError: string): void {
  expect(status, lastError).toBeGreaterThanOrEqual(400);
  expect(status, lastError).toBeLessThan(500);
  expect(isObject(body) && Object.keys(body), JSON.stringify(body)).toEqual(['error']);
  const error = (body as { error: unknown }).error;
  expect(isObject(error)).toBe(true);
  const { code, message, fields, ...rest } = error as Payload;
  expect(rest).toEqual({});
  expect(code).toEqual(expect.stringMatching(/^[a-z_]+$/));
  expect(message).toEqual(expect.any(String));
  if (fields !== undefined) {
    expect(isObject(fields)).toBe(true);
    for (const text of Object.values(fields as Payload)) expect(text).toEqual(expect.any(String));
  }
}
