/**
 * Resend's webhook on the deployed path (docs/decisions/0040-mail-replies-and-delivery.md): the function as
 * Netlify bundles and runs it, the SDK verifying the signature and fetching the received mail from a stand-in of
 * the Receiving API (production's RESEND_BASE_URL), PostgreSQL 15 through Netlify Database's driver.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundMessages, leads, webhookEvents } from '../../src/db/schema.ts';
import { receivedEvent, signEvent, startResendStandIn, type ResendStandIn } from '../../scripts/lib/resend-stand-in.ts';
import { database, parity, site } from './helpers.ts';

let resend: ResendStandIn;
beforeAll(async () => {
  resend = await startResendStandIn(parity.resend.port);
});
afterAll(() => resend.close());

const post = (body: string, headers: Record<string, string>) =>
  site('production', '/api/webhooks/resend', { method: 'POST', body, headers });

describe('POST /api/webhooks/resend (production)', () => {
  it('puts a signed reply on its lead once, and refuses a forged one', async () => {
    const { db } = await database();
    const email = `parity-reply-${randomUUID()}@example.com`;
    const now = new Date();
    const [lead] = await db
      .insert(leads)
      .values({ emailKey: email, email, name: 'Parity Reply', firstRequestAt: now, lastActivityAt: now })
      .returning();
    const mail = {
      from: email,
      to: [`reply+${lead!.replyToken}@${parity.resend.domain}`],
      subject: 'Re: hello',
      text: 'Yes, please.\n\nOn Monday you wrote:\n> Shall we talk?\n',
    };
    const body = receivedEvent(resend.add(mail), mail);
    const headers = signEvent(parity.resend.secret, body);
    const forged = signEvent(`whsec_${Buffer.from('not-the-site-secret-at-all').toString('base64')}`, body);

    expect((await post(body, forged)).status).toBe(401);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, forged['svix-id']!))).toEqual([]);
    expect(await (await post(body, headers)).json()).toEqual({ outcome: 'stored' });
    expect(await (await post(body, headers)).json()).toEqual({ outcome: 'duplicate' });

    const stored = await db.select().from(inboundMessages).where(eq(inboundMessages.leadId, lead!.id));
    expect(stored).toMatchObject([{ status: 'attached', newText: 'Yes, please.', subject: 'Re: hello' }]);
    const [after] = await db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(after!.awaitingSince).not.toBeNull();
    expect(after!.responseDueAt).not.toBeNull();
  });
});
