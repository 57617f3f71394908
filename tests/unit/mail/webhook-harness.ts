/**
 * The set-up of the webhook's tests (webhook.test.ts): the site's signing secret and reply domain, a stand-in of
 * Resend's Receiving API (RESEND_BASE_URL, so the real SDK runs), the database and Blobs, and the steps of a
 * conversation: a lead answered from the portal, a reply received, what the webhook stored.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import * as contact from '../../../netlify/functions/contact.mts';
import * as webhook from '../../../netlify/functions/resend-webhook.mts';
import { inboundMessages, leads, webhookEvents } from '../../../src/db/schema.ts';
import { replyToLead } from '../../../src/features/leads/lead-work.ts';
import {
  receivedEvent,
  signEvent,
  startResendStandIn,
  type ResendStandIn,
  type StandInMail,
} from '../../../scripts/lib/resend-stand-in.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { call } from '../function-harness.ts';
import { seedStaff, staff, useAdminDatabase } from '../staff-harness.ts';
import { useLocalBlobs } from '../test-blobs.ts';
import { quietConsole } from '../test-db.ts';

export const SECRET = `whsec_${Buffer.from('the-webhook-signing-key-of-tests').toString('base64')}`;
export const DOMAIN = 'reply.bolesta.test';
export const editor = { ...staff.editor, name: 'Eddie Editor' };

/** The webhook's world for one test file; call once at its top. */
export function useWebhook() {
  useLocalBlobs('resend-webhook-test');
  quietConsole('log');
  const handle = useAdminDatabase({ truncate: ['audit_log', 'mail_outbox', 'webhook_events', 'inbound_messages'] });
  let stand: ResendStandIn;
  beforeAll(async () => {
    stand = await startResendStandIn();
    vi.stubEnv('RESEND_BASE_URL', stand.url);
    vi.stubEnv('RESEND_WEBHOOK_SECRET', SECRET);
    vi.stubEnv('MAIL_REPLY_DOMAIN', DOMAIN);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await stand.close();
  });

  /** Posts `body` to the webhook with `headers` (signed with the site's secret unless given). */
  const post = (body: string, headers = signEvent(SECRET, body)) =>
    call(webhook.default, '/api/webhooks/resend', undefined, { raw: body, headers, origin: null });

  /** A lead made by the contact form (its confirmation in the outbox), answered from the portal. */
  async function answeredLead(email: string) {
    await seedStaff(handle);
    const res = await call(contact.default, '/api/contact', { ...contactPayload(), email });
    expect(res.status).toBe(201);
    const [lead] = await handle.db.select().from(leads).where(eq(leads.emailKey, email));
    await replyToLead(handle.db, editor, lead!.id, { subject: 'Re: your message', body: 'Happy to help.' });
    return (await handle.db.select().from(leads).where(eq(leads.id, lead!.id)))[0]!;
  }

  /** Puts `mail` in the stand-in and posts its signed `email.received`; the response. */
  async function receive(mail: StandInMail, id?: string) {
    const body = receivedEvent(stand.add(mail), mail);
    return post(body, signEvent(SECRET, body, { id }));
  }

  const stored = async () => ({
    events: await handle.db.select().from(webhookEvents),
    inbound: await handle.db.select().from(inboundMessages),
  });

  return { handle, post, answeredLead, receive, stored, resend: () => stand };
}
