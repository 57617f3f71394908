/**
 * A local stand-in of Resend's API for what the webhook reads (docs/decisions/0040-mail-replies-and-delivery.md):
 * the Receiving API (`GET /emails/receiving/:id`, `GET /emails/receiving/:id/attachments/:attachmentId`) and the
 * attachments' downloads, served from mails put in it. Pointed at by RESEND_BASE_URL, so the real SDK runs;
 * and `signEvent` signs a webhook event as Resend (Svix) does. Used by the tests, the parity run and
 * `npm run mail:replay`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInMail {
  from: string;
  to: string[];
  subject: string;
  /** The text part; null for an HTML-only mail. */
  text: string | null;
  html?: string | null;
  /** The mail's headers as the Receiving API gives them (e.g. the receiving server's Authentication-Results). */
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; bytes: Uint8Array }[];
}

export interface ResendStandIn {
  url: string;
  /** Puts a received mail in; resolves with its id (the `email_id` of its `email.received` event). */
  add(mail: StandInMail): string;
  /** The paths asked for so far (the Receiving API's and the downloads'), oldest first. */
  requested: string[];
  close(): Promise<void>;
}

/** Starts the stand-in on `port` of 127.0.0.1 (a free one unless given). */
export async function startResendStandIn(port = 0): Promise<ResendStandIn> {
  const mails = new Map<string, StandInMail & { ids: string[] }>();
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requested.push(path);
    const download = /^\/downloads\/([^/]+)\/(\d+)$/.exec(path);
    if (download) {
      const file = mails.get(download[1]!)?.attachments?.[Number(download[2])];
      if (!file) return send(404, { message: 'not found' });
      response.writeHead(200, { 'content-type': file.contentType });
      return response.end(Buffer.from(file.bytes));
    }
    const attachment = /^\/emails\/receiving\/([^/]+)\/attachments\/([^/]+)$/.exec(path);
    if (attachment) {
      const mail = mails.get(attachment[1]!);
      const index = mail?.ids.indexOf(attachment[2]!) ?? -1;
      if (!mail || index < 0) return send(404, { name: 'not_found', message: 'Attachment not found' });
      const file = mail.attachments![index]!;
      return send(200, {
        object: 'attachment',
        id: attachment[2],
        filename: file.filename,
        size: file.bytes.length,
        content_type: file.contentType,
        content_disposition: 'attachment',
        download_url: `${url}/downloads/${attachment[1]}/${index}`,
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      });
    }
    const email = /^\/emails\/receiving\/([^/]+)$/.exec(path);
    if (email) {
      const mail = mails.get(email[1]!);
      if (!mail) return send(404, { name: 'not_found', message: 'Email not found' });
      return send(200, {
        object: 'email',
        id: email[1],
        to: mail.to,
        received_for: mail.to,
        from: mail.from,
        created_at: new Date().toISOString(),
        subject: mail.subject,
        bcc: null,
        cc: null,
        reply_to: null,
        html: mail.html ?? null,
        text: mail.text,
        headers: mail.headers ?? {},
        message_id: `<${email[1]}@stand-in>`,
        attachments: (mail.attachments ?? []).map((a, i) => ({
          id: mail.ids[i],
          filename: a.filename,
          size: a.bytes.length,
          content_type: a.contentType,
          content_id: null,
          content_disposition: 'attachment',
        })),
      });
    }
    send(404, { name: 'not_found', message: `No stand-in for ${path}` });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requested,
    add(mail) {
      const id = randomUUID();
      mails.set(id, { ...mail, ids: (mail.attachments ?? []).map(() => randomUUID()) });
      return id;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Svix headers of `body` signed with `secret` (`whsec_<base64 key>`): HMAC-SHA256 of `<id>.<timestamp>.<body>`
 * with the key, base64, as `v1,<signature>`. `timestamp` is in seconds (now unless given).
 */
export function signEvent(
  secret: string,
  body: string,
  { id = `msg_${randomUUID()}`, timestamp = Math.floor(Date.now() / 1000) }: { id?: string; timestamp?: number } = {},
): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'svix-id': id, 'svix-timestamp': String(timestamp), 'svix-signature': `v1,${signature}` };
}

/** The `email.received` event of a mail put in the stand-in. */
export const receivedEvent = (emailId: string, mail: StandInMail): string =>
  JSON.stringify({
    type: 'email.received',
    created_at: new Date().toISOString(),
    data: {
      email_id: emailId,
      created_at: new Date().toISOString(),
      from: mail.from,
      to: mail.to,
      bcc: [],
      cc: [],
      received_for: mail.to,
      message_id: `<${emailId}@stand-in>`,
      subject: mail.subject,
      attachments: [],
    },
  });
