// The audit log as admins read it (newest first, paged, filtered, as CSV), and nothing can rewrite it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as auditLogFn from '../../../netlify/functions/admin-audit-log.mts';
import * as rolesFn from '../../../netlify/functions/admin-roles.mts';
import { auditLog, type AuditAction } from '../../../src/db/schema.ts';
import { PAGE_SIZE } from '../../../src/server/list-query.ts';
import { parseCsv } from '../csv-parse.ts';
import { errorOf, request, signIn, staff } from '../staff-harness.ts';
import { truncateTables } from '../test-db.ts';
import { useAuditLogDatabase } from './audit-log-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, logged } = useAuditLogDatabase();

describe('GET /api/admin/audit-log and its export', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, seconds));

  /** `n` rows one second apart, the first the oldest; every third one a download. */
  async function seedRows(n: number) {
    const values = Array.from({ length: n }, (_, i) => ({
      at: at(i),
      actorId: staff.editor.id,
      actorEmail: staff.editor.email,
      action: (i % 3 === 0 ? 'document.download' : 'submission.status') as AuditAction,
      targetType: i % 3 === 0 ? 'document' : 'submission',
      targetId: `target-${i}`,
      detail: { n: i },
    }));
    await handle.db.insert(auditLog).values(values);
  }
  const list = async (query = '') => {
    const res = await request(auditLogFn, 'GET', `/api/admin/audit-log${query}`);
    expect(res.status).toBe(200);
    return res.json();
  };

  it('pages newest first, 50 a page, ties in the same instant by id', async () => {
    signIn('admin');
    await seedRows(PAGE_SIZE + 5);
    const first = await list();
    expect(first).toMatchObject({ total: PAGE_SIZE + 5, page: 1, pageSize: PAGE_SIZE });
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      at: at(PAGE_SIZE + 4).toISOString(),
      actorId: staff.editor.id,
      actorEmail: staff.editor.email,
      action: 'document.download', // 54 is a multiple of 3
      targetType: 'document',
      targetId: `target-${PAGE_SIZE + 4}`,
      detail: { n: PAGE_SIZE + 4 },
    });
    const second = await list('?page=2');
    const numbers = [...first.items, ...second.items].map((r: { detail: { n: number } }) => r.detail.n);
    expect(numbers).toEqual(Array.from({ length: PAGE_SIZE + 5 }, (_, i) => PAGE_SIZE + 4 - i));

    // Same instant: the larger id first, on every page alike.
    await truncateTables(handle.db, ['audit_log']);
    const same = Array.from({ length: 3 }, (_, i) => ({
      at: at(0),
      actorId: 'x',
      actorEmail: 'x@example.com',
      action: 'post.delete' as const,
      targetType: 'post',
      targetId: String(i),
    }));
    await handle.db.insert(auditLog).values(same);
    const ids = (await list()).items.map((r: { id: string }) => r.id);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('filters by action, and refuses an unknown action or page with 422', async () => {
    signIn('admin');
    await seedRows(9);
    const downloads = await list('?action=document.download');
    expect(downloads.total).toBe(3);
    expect(downloads.items.map((r: { detail: { n: number } }) => r.detail.n)).toEqual([6, 3, 0]);
    for (const query of ['?action=role.rename', '?page=0', '?page=x']) {
      const res = await request(auditLogFn, 'GET', `/api/admin/audit-log${query}`);
      expect(res.status).toBe(422);
      expect((await errorOf(res)).code).toBe('invalid_fields');
    }
  });

  it('exports every row as CSV, newest first, the detail as JSON, formulas neutralised', async () => {
    signIn('admin');
    await handle.db.insert(auditLog).values([
      {
        at: at(1),
        actorId: staff.admin.id,
        actorEmail: staff.admin.email,
        action: 'role.grant',
        targetType: 'user',
        targetId: staff.viewer.id,
        detail: { role: 'viewer', email: staff.viewer.email },
      },
      {
        at: at(2),
        actorId: staff.editor.id,
        actorEmail: '=HYPERLINK("http://evil.example")',
        action: 'post.delete',
        targetType: 'post',
        targetId: 'p1',
        detail: { title: 'Say "hi", then go', slug: 'hi' },
      },
    ]);
    const res = await request(auditLogFn, 'GET', '/api/admin/audit-log/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['id', 'at', 'actor_id', 'actor_email', 'action', 'target_type', 'target_id', 'detail']);
    // jsonb keeps its own key order, so the detail is compared as the JSON it reads back as.
    expect(rows.map((r) => [...r.slice(1, 7), JSON.parse(r[7]!)])).toEqual([
      [
        at(2).toISOString(),
        staff.editor.id,
        `'=HYPERLINK("http://evil.example")`,
        'post.delete',
        'post',
        'p1',
        { title: 'Say "hi", then go', slug: 'hi' },
      ],
      [
        at(1).toISOString(),
        staff.admin.id,
        staff.admin.email,
        'role.grant',
        'user',
        staff.viewer.id,
        { role: 'viewer', email: staff.viewer.email },
      ],
    ]);
    const filtered = await request(auditLogFn, 'GET', '/api/admin/audit-log/export?action=role.grant');
    expect(parseCsv((await filtered.text()).replace(/^\uFEFF/, ''))).toHaveLength(2);
  });

  it('offers no way to write: POST, PATCH, PUT and DELETE are 405', async () => {
    signIn('admin');
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      for (const url of ['/api/admin/audit-log', '/api/admin/audit-log/export']) {
        const res = await request(auditLogFn, method, url, method === 'DELETE' ? undefined : {});
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('GET');
      }
    }
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE and DELETE of a row, whoever asks', async () => {
    signIn('admin');
    expect((await request(rolesFn, 'POST', '/api/admin/roles', { email: staff.noRole.email })).status).toBe(201);
    const [before] = await logged();
    await expect(handle.db.execute(sql`update audit_log set actor_email = 'someone@else.example'`)).rejects.toThrow();
    await expect(handle.db.update(auditLog).set({ action: 'role.remove' })).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(handle.db.delete(auditLog).where(eq(auditLog.id, before!.id))).rejects.toThrow();
    expect(await logged()).toEqual([before]);
  });

  it('the refusal names the rule (append-only) and the operation', async () => {
    // The trigger runs for each row: on an empty table there would be nothing to refuse.
    await handle.db
      .insert(auditLog)
      .values({ actorId: 'x', actorEmail: 'x', action: 'post.delete', targetType: 'post', targetId: 'p' });
    const error = await handle.db.execute(sql`delete from audit_log`).catch((e: unknown) => e);
    const messages = [error, (error as { cause?: unknown }).cause].map((e) => String((e as Error)?.message));
    expect(messages.join(' ')).toMatch(/audit_log is append-only: DELETE refused/);
  });

  it('no source file updates or deletes audit_log rows, but the erasure and the staff device retention', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const offending: string[] = [];
    // `.update(auditLog` / `.delete(auditLog` in drizzle, `update audit_log` / `delete from audit_log` in SQL.
    const rewrite = /\.(update|delete)\(\s*auditLog\b|\b(update|delete\s+from)\s+"?audit_log\b/i;
    for (const dir of ['src', 'netlify', 'scripts']) {
      for (const entry of await readdir(path.join(root, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(ts|mts|tsx|js|mjs|astro)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (rewrite.test(await readFile(file, 'utf8'))) offending.push(path.relative(root, file));
      }
    }
    // An erasure replaces a person's details in the rows about them (docs/privacy.md), and the daily housekeeping
    // takes a staff member's device and address out of rows past their period; the trigger lets those updates
    // through only when who, what and when stay and the row is marked `erasedLead` or `redacted`.
    expect(offending).toEqual(['src/server/housekeeping.ts', 'src/features/privacy/erase.ts']);
  });
});
