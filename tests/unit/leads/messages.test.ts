import { eq, getTableColumns } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as messagesFn from '../../../netlify/functions/admin-messages.mts';
import { contactMessages } from '../../../src/db/schema.ts';
import { parseCsv } from '../csv-parse.ts';
import { addMessage, errorOf, request, seedStaff, signIn, useAdminDatabase } from '../staff-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = useAdminDatabase();
beforeEach(async () => {
  await seedStaff(handle);
  signIn('viewer');
});

const list = async (query = '') => (await request(messagesFn, 'GET', `/api/admin/messages${query}`)).json();
const names = async (query = '') => (await list(query)).items.map((m: { name: string }) => m.name);
const open = (id: string) => request(messagesFn, 'POST', `/api/admin/messages/${id}/open`);
const patch = (id: string, body: unknown) => request(messagesFn, 'PATCH', `/api/admin/messages/${id}`, body);
const stored = async (id: string) =>
  (await handle.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;

describe('GET /api/admin/messages', () => {
  it('pages 51 messages into 50 and 1, newest first, whole messages', async () => {
    for (let i = 0; i < 51; i++) await addMessage(handle, { name: `Person ${i}` }, i);
    const first = await list();
    expect(first).toMatchObject({ total: 51, page: 1, pageSize: 50 });
    expect(first.items.map((m: { name: string }) => m.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Person ${i}`),
    );
    expect(first.items[0]).toMatchObject({ message: 'We would like a strategy call.', status: 'unread' });
    expect(await names('?page=2')).toEqual(['Person 50']);
  });

  it('filters by status, searches name, email and company, and keeps spam under its filter', async () => {
    await addMessage(handle, { name: 'Ann', email: 'ann@helix.example', company: 'Helix' }, 1);
    await addMessage(handle, { name: 'Bob', email: 'bob@acme.example', company: 'Acme', status: 'replied' }, 2);
    await addMessage(handle, { name: 'Spammer', email: 'x@spam.example', company: 'Helix', isSpam: true }, 3);
    expect(await names('?status=replied')).toEqual(['Bob']);
    expect(await names('?status=unread')).toEqual(['Ann']);
    expect(await names('?q=ANN')).toEqual(['Ann']);
    expect(await names('?q=acme.example')).toEqual(['Bob']);
    expect(await names('?q=helix')).toEqual(['Ann']);
    expect(await names('?q=helix&spam=1')).toEqual(['Spammer']);
    expect((await request(messagesFn, 'GET', '/api/admin/messages?status=pending')).status).toBe(422);
  });
});

describe('GET /api/admin/messages/export.csv', () => {
  it('exports every matching message with every column of contact_messages', async () => {
    await addMessage(handle, { name: 'Ann', message: 'Line one\nLine "two", three' }, 1);
    await addMessage(handle, { name: '@Bob', status: 'read' }, 2);
    await addMessage(handle, { name: 'Spammer', isSpam: true }, 3);
    const res = await request(messagesFn, 'GET', '/api/admin/messages/export.csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parseCsv(
      Buffer.from(await res.arrayBuffer())
        .subarray(3)
        .toString('utf8'),
    );
    const header = rows[0]!;
    expect(header).toEqual(Object.values(getTableColumns(contactMessages)).map((c) => c.name));
    const column = (name: string) => rows.slice(1).map((r) => r[header.indexOf(name)]);
    expect(column('name')).toEqual(['Ann', "'@Bob"]);
    expect(column('message')[0]).toBe('Line one\nLine "two", three');
    const filtered = await request(messagesFn, 'GET', '/api/admin/messages/export.csv?status=read');
    expect(
      parseCsv(
        Buffer.from(await filtered.arrayBuffer())
          .subarray(3)
          .toString('utf8'),
      ),
    ).toHaveLength(2);
  });
});

describe('POST /api/admin/messages/:id/open', () => {
  it('marks an unread message read and stamps updated_at', async () => {
    const before = await addMessage(handle);
    const res = await open(before.id);
    expect(res.status).toBe(200);
    const { message } = await res.json();
    expect(message).toMatchObject({ id: before.id, status: 'read' });
    expect(new Date(message.updatedAt).getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect((await stored(before.id)).status).toBe('read');
  });

  it('leaves a read or replied message as it is', async () => {
    for (const status of ['read', 'replied'] as const) {
      const before = await addMessage(handle, { status });
      const { message } = await (await open(before.id)).json();
      expect(message).toMatchObject({ status, updatedAt: before.updatedAt.toISOString() });
      expect(await stored(before.id)).toEqual(before);
    }
  });

  it('answers 404 for an unknown id', async () => {
    expect((await open('7a1c3a4e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await open('x')).status).toBe(404);
  });
});

describe('PATCH /api/admin/messages/:id', () => {
  it('sets any status and stamps updated_at', async () => {
    signIn('editor');
    const before = await addMessage(handle, { status: 'read' });
    const { message } = await (await patch(before.id, { status: 'replied' })).json();
    expect(message.status).toBe('replied');
    expect(new Date(message.updatedAt).getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect((await (await patch(before.id, { status: 'unread' })).json()).message.status).toBe('unread');
  });

  it('refuses an unknown status with 422 and the field, and an unknown id with 404', async () => {
    signIn('editor');
    const { id } = await addMessage(handle);
    const res = await patch(id, { status: 'archived' });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ status: 'Choose unread, read or replied' });
    expect((await patch('7a1c3a4e-0000-4000-8000-000000000000', { status: 'read' })).status).toBe(404);
  });

  it('is not served on the open route or the list (405)', async () => {
    signIn('editor');
    const { id } = await addMessage(handle);
    expect((await request(messagesFn, 'PATCH', `/api/admin/messages/${id}/open`, { status: 'read' })).status).toBe(405);
    expect((await request(messagesFn, 'POST', `/api/admin/messages/${id}`, {})).status).toBe(405);
    expect((await request(messagesFn, 'DELETE', '/api/admin/messages', {})).status).toBe(405);
  });
});
