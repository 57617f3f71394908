// Every CSV export of the portal is in the action log (`export.csv`): who took which list, with which filters,
// how many rows. An export without its row fails here, and an export whose row cannot be written is not handed over.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as auditLogFn from '../../../netlify/functions/admin-audit-log.mts';
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import * as messagesFn from '../../../netlify/functions/admin-messages.mts';
import * as submissionsFn from '../../../netlify/functions/admin-submissions.mts';
import { auditLog } from '../../../src/db/schema.ts';
import { searchDigest } from '../../../src/server/action-log.ts';
import { parseCsv } from '../csv-parse.ts';
import { addMessage, addSubmission, request, signIn, staff, type FunctionModule } from '../staff-harness.ts';
import { row, useAuditLogDatabase } from './audit-log-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, logged, withAuditLogFailing } = useAuditLogDatabase();

/** Each export of the portal: its function, path, the role it needs and the list's name in the log. */
const exports: [string, FunctionModule, string, 'viewer' | 'admin'][] = [
  ['leads', leadsFn, '/api/admin/leads/export.csv', 'viewer'],
  ['audit-submissions', submissionsFn, '/api/admin/submissions/export.csv', 'viewer'],
  ['contact-messages', messagesFn, '/api/admin/messages/export.csv', 'viewer'],
  ['audit-log', auditLogFn, '/api/admin/audit-log/export', 'admin'],
];

/** The records of a CSV answer (the header aside). */
const records = async (res: Response) => parseCsv((await res.text()).replace(/^\uFEFF/, '')).length - 1;

async function seed() {
  await addSubmission(handle, { companyName: 'Acme, "Quoted"\r\nCo', contactEmail: 'grace@example.com' });
  await addSubmission(handle, { contactEmail: 'ada@example.com', contactName: 'Ada', isSpam: true }, 10);
  await addMessage(handle, { message: 'Line one\r\nline two' });
  await handle.db.insert(auditLog).values({
    actorId: staff.editor.id,
    actorEmail: staff.editor.email,
    action: 'submission.status',
    targetType: 'submission',
    targetId: 'x',
  });
}

describe('CSV exports in the action log', () => {
  it('covers every export route of the portal’s functions', async () => {
    const dir = path.resolve(import.meta.dirname, '../../../netlify/functions');
    const routes: string[] = [];
    for (const file of await readdir(dir)) {
      const source = await readFile(path.join(dir, file), 'utf8');
      routes.push(...[...source.matchAll(/'(\/api\/admin\/[^']*export[^']*)'/g)].map((m) => m[1]!));
    }
    // A person's ZIP (docs/privacy.md) is logged as `lead.export` with its counts: tests/unit/privacy/export.test.ts.
    const personExport = '/api/admin/leads/:id/export';
    expect(routes).toContain(personExport);
    expect(routes.filter((r) => r !== personExport).sort()).toEqual(exports.map(([, , route]) => route).sort());
    for (const [, fn, route] of exports) expect(fn.config.path).toContain(route);
  });

  for (const [list, fn, route, role] of exports) {
    it(`${list}: records who exported, the filters and the row count, in the request`, async () => {
      await seed();
      signIn(role);
      const before = (await logged()).length;
      const res = await request(fn, 'GET', route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      const rows = await records(res);
      const after = await logged();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toEqual(row(role, 'export.csv', 'list', list, { list, filters: {}, rows }));
    });
  }

  it('records the filters as the URL gave them (a search as its keyed digest), and the rows they matched', async () => {
    await seed();
    signIn('viewer');
    const res = await request(submissionsFn, 'GET', '/api/admin/submissions/export.csv?spam=1&q=ada');
    expect(res.status).toBe(200);
    expect(await records(res)).toBe(1);
    expect((await logged()).at(-1)!.detail).toEqual({
      list: 'audit-submissions',
      filters: { spam: '1', q: searchDigest('ada') },
      rows: 1,
    });
  });

  it('hands over no file when its row cannot be written', async () => {
    await seed();
    await withAuditLogFailing(async () => {
      for (const [list, fn, route, role] of exports) {
        signIn(role);
        const res = await request(fn, 'GET', route);
        expect(res.status, list).toBe(503);
        expect(res.headers.get('content-type'), list).not.toMatch(/csv/);
        expect(await res.text(), list).not.toContain('Acme');
      }
    });
    expect((await logged()).filter((r) => r.action === 'export.csv')).toEqual([]);
  });

  it('records nothing for a refused export (no session, too low a role, a bad filter)', async () => {
    signIn('anonymous');
    expect((await request(leadsFn, 'GET', '/api/admin/leads/export.csv')).status).toBe(401);
    signIn('viewer');
    expect((await request(auditLogFn, 'GET', '/api/admin/audit-log/export')).status).toBe(403);
    expect((await request(submissionsFn, 'GET', '/api/admin/submissions/export.csv?status=nope')).status).toBe(422);
    expect(await logged()).toEqual([]);
  });
});
