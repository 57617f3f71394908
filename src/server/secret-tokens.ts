/**
 * Bearer secrets handed to a browser or a lead (an upload token, a report link): 32 random bytes (256 bits,
 * base64url), so they cannot be guessed; only their SHA-256 is stored, so a copy of the database hands none out.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The stored form of a secret. */
export const hashSecret = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new secret and the hash to store for it. */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}
