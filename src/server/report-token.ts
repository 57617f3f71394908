/**
 * The private link of a delivered report (`/report/{token}`): 32 random bytes (256 bits, base64url), so it
 * cannot be guessed; only its SHA-256 is stored, so a copy of the database does not hand out the links.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A token has exactly this form; anything else is refused before the database is asked. */
export const REPORT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new token and the hash to store for it. */
export function newReportToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashReportToken(token) };
}

/** The stored form of a token. */
export const hashReportToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The lead's link to a delivery. */
export const reportLink = (siteUrl: string, token: string): string => new URL(`/report/${token}`, siteUrl).href;
