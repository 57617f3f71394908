/**
 * The request `npm run bench:cold` sends each function (bench/cold.ts): what a visitor or a staff member sends first
 * after a quiet hour, without a session (so a staff function answers 401, as the portal's first call of the day
 * does before the sign-in), and the status it must answer. Scheduled functions are called at their
 * `/.netlify/functions/<name>` address, as the platform's scheduler does.
 */
import { randomUUID } from 'node:crypto';
import { contactPayload, shortAuditPayload } from '../tests/fixtures/forms.ts';

export interface Probe {
  method: 'GET' | 'POST';
  path: string;
  /** A JSON body, made afresh for each request (each submit its own idempotency key). */
  json?: () => unknown;
  status: number;
  /** The function's ratio to the empty function's median, which the bench holds it to. */
  ratio: number;
}

/** Public forms, sign-in and the public pages drawn per request: 2× the empty function; staff functions 2.5×. */
export const PUBLIC_RATIO = 2;
export const STAFF_RATIO = 2.5;

const get = (path: string, status: number, ratio = PUBLIC_RATIO): Probe => ({ method: 'GET', path, status, ratio });
const post = (path: string, status: number, json: () => unknown, ratio = PUBLIC_RATIO): Probe => ({
  method: 'POST',
  path,
  json,
  status,
  ratio,
});
const staff = (path: string): Probe => get(path, 401, STAFF_RATIO);
const scheduled = (name: string): Probe => post(`/.netlify/functions/${name}`, 200, () => ({}), STAFF_RATIO);

export const PROBES: Record<string, Probe> = {
  // 503: the bench's deploy has no mail key, which the check names (the whole check runs all the same).
  health: get('/api/health', 503),
  contact: post('/api/contact', 201, contactPayload),
  audits: post('/api/audits', 201, shortAuditPayload),
  uploads: post('/api/uploads', 401, () => ({ idempotencyKey: randomUUID() })),
  downloads: get(`/downloads/${'x'.repeat(43)}`, 404),
  'intake-funnel': post('/api/intake-funnel', 422, () => ({})),
  visits: post('/api/visits', 422, () => ({ landingPath: 'no-slash' })),
  auth: get('/api/auth/get-session', 200),
  blog: get('/blog', 200),
  report: get(`/report/${'x'.repeat(43)}`, 404),
  cms: get('/cms', 200),
  'resend-webhook': post('/api/webhooks/resend', 401, () => ({}), STAFF_RATIO),
  'calendly-webhook': post('/api/webhooks/calendly', 401, () => ({})),
  'cal-webhook': post('/api/webhooks/cal', 401, () => ({})),
  'admin-audit-log': staff('/api/admin/audit-log'),
  'admin-dashboard': staff('/api/admin/dashboard'),
  'admin-documents': staff(`/api/admin/documents/${randomUUID()}`),
  'admin-leads': staff('/api/admin/leads'),
  'admin-mail': staff('/api/admin/mail'),
  'admin-me': staff('/api/admin/me'),
  'admin-messages': staff('/api/admin/messages'),
  'admin-pipeline': staff('/api/admin/pipeline'),
  'admin-people': post(`/api/admin/people/${randomUUID()}/remove`, 401, () => ({}), STAFF_RATIO),
  'admin-posts': staff('/api/admin/posts'),
  'admin-reports': staff(`/api/admin/reports/${randomUUID()}`),
  'admin-roles': staff('/api/admin/roles'),
  'admin-sessions': staff('/api/admin/sessions'),
  'admin-submissions': staff('/api/admin/submissions'),
  'admin-system': staff('/api/admin/system'),
  housekeeping: scheduled('housekeeping'),
  'lead-alerts': scheduled('lead-alerts'),
  'mail-drain': scheduled('mail-drain'),
  'upload-cleanup': scheduled('upload-cleanup'),
  'weekly-summary': scheduled('weekly-summary'),
};
