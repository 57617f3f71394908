/**
 * The schedulers' own signature schemes (docs/decisions/0046-bookings-from-the-schedulers.md), checked on the raw
 * body before anything is parsed or stored:
 *
 * - Calendly: `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 *   subscription's signing key; a timestamp more than `CALENDLY_TOLERANCE_SECONDS` from now is refused, so a
 *   captured request cannot be replayed later.
 * - Cal.com: `X-Cal-Signature-256: <hex HMAC-SHA256 of the body>` with the webhook's secret. Cal.com signs no
 *   timestamp: a replayed event is stored once by its id like any repeat.
 *
 * Both compare in constant time. The signers are here too, for the local stand-ins and the tests.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Calendly's own tolerance in its example (three minutes). */
export const CALENDLY_TOLERANCE_SECONDS = 180;

export const CALENDLY_SIGNATURE_HEADER = 'calendly-webhook-signature';
export const CAL_SIGNATURE_HEADER = 'x-cal-signature-256';

const hmac = (key: string, text: string): string => createHmac('sha256', key).update(text, 'utf8').digest('hex');

/** Whether two hex digests are equal, in constant time (a malformed one is never equal). */
function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** Whether `header` signs `body` with `key` by Calendly's scheme, within the tolerance of `now`. */
export function calendlySignatureValid(body: string, header: string | null, key: string, now = new Date()): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(t)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > CALENDLY_TOLERANCE_SECONDS) return false;
  return sameHex(hmac(key, `${t}.${body}`), v1);
}

/** Whether `header` signs `body` with `secret` by Cal.com's scheme. */
export function calSignatureValid(body: string, header: string | null, secret: string): boolean {
  return !!header && sameHex(hmac(secret, body), header.trim());
}

/** The headers of a Calendly delivery of `body` signed with `key` at `at`. */
export function signCalendly(key: string, body: string, at = new Date()): Record<string, string> {
  const t = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'Calendly-Webhook-Signature': `t=${t},v1=${hmac(key, `${t}.${body}`)}`,
  };
}

/** The headers of a Cal.com delivery of `body` signed with `secret`. */
export function signCal(secret: string, body: string): Record<string, string> {
  return { 'content-type': 'application/json', 'X-Cal-Signature-256': hmac(secret, body) };
}
