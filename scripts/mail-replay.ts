/**
 * `npm run mail:replay -- <lead email>`: replays a sample reply of that lead into this computer's site, so a
 * developer sees the feature of docs/decisions/0040-mail-replies-and-delivery.md without a Resend account.
 * The lead must exist (send the contact form with its address first). The reply goes the deployed way: a local
 * stand-in of Resend's Receiving API (RESEND_BASE_URL) holds the mail and a PDF attachment, the `email.received`
 * event is signed with RESEND_WEBHOOK_SECRET (a random one unless set) and handed to the webhook's function,
 * which verifies it with the real SDK and fetches the mail from the stand-in. It opens the database as
 * `npm run admin` does (the running `npm start` server's over its socket, the embedded folder, or DATABASE_URL)
 * and the local Blobs folder. Exit codes: 0 stored, 1 refused (no such lead, or the webhook refused), 2 wrong usage.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as webhook from '../netlify/functions/resend-webhook.mts';
import { useDatabase } from '../src/db/client.ts';
import { openDatabase } from '../src/db/embedded.ts';
import { leads } from '../src/db/schema.ts';
import { startLocalBlobs } from './lib/blobs.ts';
import { receivedEvent, signEvent, startResendStandIn, type StandInMail } from './lib/resend-stand-in.ts';

const SAMPLE_PDF = new TextEncoder().encode('%PDF-1.4\n% A sample brief the lead attached to their reply.\n%%EOF\n');

async function replay(address: string): Promise<number> {
  const handle = await openDatabase();
  useDatabase(handle);
  const stopBlobs = await startLocalBlobs();
  const standIn = await startResendStandIn();
  try {
    const [lead] = await handle.db.select().from(leads).where(eq(leads.emailKey, address.trim().toLowerCase()));
    if (!lead) {
      console.error(`No lead has the address ${address}: send the contact form with it first.`);
      return 1;
    }
    process.env.RESEND_BASE_URL = standIn.url;
    process.env.RESEND_WEBHOOK_SECRET ||= `whsec_${randomBytes(24).toString('base64')}`;
    process.env.MAIL_REPLY_DOMAIN ||= 'reply.localhost';
    const mail: StandInMail = {
      from: `${lead.name || 'The lead'} <${lead.email}>`,
      to: [`reply+${lead.replyToken}@${process.env.MAIL_REPLY_DOMAIN}`],
      subject: 'Re: your answer',
      text:
        'Thank you! Could we talk on Thursday? Our brief is attached.\n\n' +
        `On Monday, the agency wrote:\n> Happy to help: when would suit you?\n> -- \n> The agency\n`,
      attachments: [{ filename: 'brief.pdf', contentType: 'application/pdf', bytes: SAMPLE_PDF }],
    };
    const body = receivedEvent(standIn.add(mail), mail);
    const background: Promise<unknown>[] = [];
    const url = new URL('http://localhost/api/webhooks/resend');
    const response = await webhook.default(
      new Request(url, { method: 'POST', body, headers: signEvent(process.env.RESEND_WEBHOOK_SECRET, body) }),
      { ip: '127.0.0.1', params: {}, requestId: 'mail-replay', url, waitUntil: (work) => void background.push(work) },
    );
    await Promise.allSettled(background);
    const answer = await response.text();
    if (!response.ok) {
      console.error(`The webhook refused the reply: ${response.status} ${answer}`);
      return 1;
    }
    console.log(`Replayed a reply of ${lead.email}: ${answer}. Open the lead in the portal: /admin?lead=${lead.id}`);
    return 0;
  } finally {
    await standIn.close();
    await stopBlobs();
    await handle.close();
  }
}

if (import.meta.main) {
  const [address] = process.argv.slice(2);
  if (!address || !address.includes('@')) {
    console.error('Usage: npm run mail:replay -- <the lead’s email address>');
    process.exitCode = 2;
  } else {
    process.exitCode = await replay(address).catch((error: Error) => {
      console.error(`Failed: ${error.message}`);
      return 1;
    });
  }
}
