/**
 * A mail's secret (a report's private link, an account link) kept out of the outbox in clear text
 * (docs/privacy.md): the stored bodies hold {@link SEALED_PLACEHOLDER} where the link goes, the link itself is
 * kept encrypted (AES-256-GCM under a key derived from the auth secret) in `mail_outbox.sealed`, and the sender
 * puts it back only in the copy it hands the provider. Once the mail is sent the sealed copy is dropped, so a
 * backup or a reader of the outbox never holds a working link.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { platformEnv } from '../../config/platform.ts';
import { derivedKey } from '../derived-key.ts';
import type { OutboxMail } from '../../db/schema.ts';
import { escapeHtml } from '../../lib/html.ts';

/** What the stored bodies show where the link was: readable in the portal, never a link. */
export const SEALED_PLACEHOLDER = '[private link, sent only to the recipient]';

const VERSION = 'v1';

/** The sealing key: derived from BETTER_AUTH_SECRET; a deployed site without a good one refuses to seal. */
const sealingKey = (env = platformEnv()): Buffer => derivedKey('mail-outbox', 'sealed-link', env);

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret of a sealed value; throws when it was sealed under another key or altered. */
export function unseal(sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('sealed link: unknown format');
  const key = sealingKey();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('sealed link: cannot be opened (was BETTER_AUTH_SECRET changed since it was queued?)');
  }
}

/** The mail as the provider must receive it: the placeholder replaced by the link, wherever it stands. */
export function withSecret(mail: OutboxMail): OutboxMail {
  if (!mail.sealed) return mail;
  const link = unseal(mail.sealed);
  return {
    ...mail,
    textBody: mail.textBody.replaceAll(SEALED_PLACEHOLDER, link),
    htmlBody: mail.htmlBody.replaceAll(escapeHtml(SEALED_PLACEHOLDER), escapeHtml(link)),
  };
}
