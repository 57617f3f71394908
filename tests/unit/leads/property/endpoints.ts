/** The two public endpoints the properties drive, the forms each takes and the tables a submit writes. */
import type { PgTable } from 'drizzle-orm/pg-core';
import audits from '../../../../netlify/functions/audits.mts';
import contact from '../../../../netlify/functions/contact.mts';
import {
  auditSubmissions,
  contactMessages,
  idempotencyKeys,
  mailOutbox,
  uploadTokens,
} from '../../../../src/db/schema.ts';
import type { Handler } from '../../../../src/server/http.ts';
import {
  contactForm,
  intakeForm,
  shortAuditForm,
  type FormModel,
  type Payload,
} from '../../../fixtures/arbitraries.ts';

export interface Endpoint {
  name: string;
  handler: Handler;
  path: string;
  maxBytes: number;
  forms: FormModel[];
  /** The tables one submit writes to. */
  tables: Record<string, PgTable>;
}

export const endpoints: Endpoint[] = [
  {
    name: 'POST /api/contact',
    handler: contact,
    path: '/api/contact',
    maxBytes: 64 * 1024,
    forms: [contactForm],
    tables: { rows: contactMessages, mails: mailOutbox, keys: idempotencyKeys },
  },
  {
    name: 'POST /api/audits',
    handler: audits,
    path: '/api/audits',
    maxBytes: 128 * 1024,
    forms: [shortAuditForm, intakeForm],
    tables: { rows: auditSubmissions, mails: mailOutbox, keys: idempotencyKeys, uploadTokens },
  },
];

export const isObject = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
