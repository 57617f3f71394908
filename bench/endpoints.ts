/** The endpoints `npm run bench:submissions` loads (bench/submissions.ts), each with its table and targets. */
import { auditSubmissions, contactMessages } from '../src/db/schema.ts';
import { contactPayload, shortAuditPayload } from '../tests/fixtures/forms.ts';

/**
 * The targets: on PostgreSQL, what the hardware allows a form backend (thousands of single-row inserts a second
 * here); on the embedded database, one process serialising every query, no timeout and a second at worst.
 */
export interface Targets {
  requestsPerSecond?: number;
  p95Ms?: number;
  p99Ms?: number;
}
export interface Endpoint {
  name: string;
  path: string;
  body: () => unknown;
  table: typeof contactMessages | typeof auditSubmissions;
  targets: Targets;
}
/** The two public form endpoints bench:submissions loads, with their targets on PostgreSQL or PGlite. */
export const endpointsFor = (onPostgres: boolean): Endpoint[] => [
  {
    name: 'POST /api/contact',
    path: '/api/contact',
    body: contactPayload,
    table: contactMessages,
    targets: onPostgres ? { requestsPerSecond: 600, p95Ms: 150 } : { p99Ms: 1000 },
  },
  {
    name: 'POST /api/audits (short form)',
    path: '/api/audits',
    body: shortAuditPayload,
    table: auditSubmissions,
    targets: onPostgres ? { requestsPerSecond: 400, p95Ms: 150 } : { p99Ms: 1000 },
  },
];
