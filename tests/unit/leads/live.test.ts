/**
 * `GET /api/admin/leads/revision` (src/features/leads/live.ts): the revision the portal polls, its ETag answered 304
 * while nothing changed, and a new one after a new request, a colleague's note, an owner set or a mail from the lead;
 * with the count of leads waiting on us for the tab's title.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bookingEvents, inboundMessages, leads } from '../../../src/db/schema.ts';
import { addMessage, errorOf, request, signIn, staff } from '../staff-harness.ts';
import { leadsFn, useLeadsDatabase } from './leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, post } = useLeadsDatabase();

const poll = (etag?: string) =>
  request(leadsFn, 'GET', '/api/admin/leads/revision', undefined, etag ? { headers: { 'if-none-match': etag } } : {});

/** The current ETag, after checking that it answers 304 when sent back. */
async function current(): Promise<{ etag: string; waiting: number }> {
  const res = await poll();
  expect(res.status).toBe(200);
  const etag = res.headers.get('etag')!;
  const body = await res.json();
  expect(etag).toBe(`"${body.revision}"`);
  const again = await poll(etag);
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  return { etag, waiting: body.waiting };
}

describe('GET /api/admin/leads/revision', () => {
  it('answers 304 while nothing changed, and a new revision after each change a list or a lead page shows', async () => {
    const first = await current();
    expect(first.waiting).toBe(0);

    const { leadId } = await addMessage(handle, { email: 'ann@helix.example' });
    const request1 = await current(); // a new request
    expect(request1.etag).not.toBe(first.etag);
    expect(request1.waiting).toBe(1);

    expect((await post(`/api/admin/leads/${leadId}/notes`, { body: 'Call on Monday.' })).status).toBe(201);
    const noted = await current(); // a colleague's note
    expect(noted.etag).not.toBe(request1.etag);

    signIn('admin');
    const owner = await request(leadsFn, 'PUT', `/api/admin/leads/${leadId}/owner`, { ownerId: staff.editor.id });
    expect(owner.status).toBe(200);
    const owned = await current(); // an owner set
    expect(owned.etag).not.toBe(noted.etag);

    const [lead] = await handle.db.select().from(leads).where(eq(leads.id, leadId));
    await handle.db.insert(inboundMessages).values({
      leadId,
      providerId: `in-${leadId}`,
      fromAddress: lead!.email,
      toAddress: `reply+${lead!.replyToken}@replies.agency.test`,
      subject: 'Re: your message',
      newText: 'Monday works.',
      status: 'attached',
    });
    const replied = await current(); // a mail from the lead
    expect(replied.etag).not.toBe(owned.etag);

    await handle.db.insert(bookingEvents).values({
      id: `calendly:${leadId}`,
      provider: 'calendly',
      kind: 'created',
      key: `calendly:invitee:${leadId}`,
      at: new Date(),
      leadId,
    });
    const booked = await current(); // a call booked at the scheduler
    expect(booked.etag).not.toBe(replied.etag);

    expect((await post(`/api/admin/leads/${leadId}/replies`, { subject: 'Re', body: 'See you.' })).status).toBe(201);
    const answered = await current(); // answered: nothing waits on us
    expect(answered.waiting).toBe(0);
    expect((await poll(first.etag)).status).toBe(200);
  });

  it('is for staff only', async () => {
    signIn('anonymous');
    const res = await poll();
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('unauthenticated');
  });
});
