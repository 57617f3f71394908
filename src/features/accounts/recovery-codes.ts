/**
 * Recovery codes stored as salted hashes (ASVS 6.5.2): a code of 10 characters of 62 holds about 59 bits, under
 * the 112 that would allow a plain hash, so each is kept as scrypt (a password hash) with its own 16-byte random
 * salt, and nothing the server holds turns back into a code, not even with BETTER_AUTH_SECRET. The cost is
 * SCRYPT's, lighter than a password's: a check tries up to 10 hashes, and a random 59-bit code needs no
 * stretching to hold out (2^58 tries of about 10 ms each per code, its salt its own).
 *
 * better-auth's two-factor plugin keeps doing everything else (generating the 10 codes, the sign-in cookie, the
 * 5 tries per sign-in, its lock, the compare-and-set write that makes a code work once): it calls these two
 * functions where it would encrypt and decrypt the list (`backupCodeOptions.storeBackupCodes`).
 * - `encrypt` gets the list to store: new codes in clear (enable, new codes), or what a use left. Every code in
 *   clear is hashed; an entry already hashed stays as it was.
 * - `decrypt` gets the stored list. While the plugin checks a code (`/two-factor/verify-backup-code`, the code
 *   read from better-auth's request context), the entry whose hash the code matches comes back as that code,
 *   so the plugin's own `includes` finds it and its `filter` drops it; every other entry comes back as an object,
 *   which no typed code can equal (a stolen hash typed as a code matches nothing).
 *
 * Codes stored before this (encrypted with BETTER_AUTH_SECRET, bare hex) are converted lazily: `decrypt` opens
 * them with the secret and hands the plugin the codes in clear, so they keep working; the first code used (its
 * write goes through `encrypt`) stores the rest hashed, and new codes replace them all. `npm run admin --
 * hash-recovery-codes` converts every remaining set at once (hashStoredCodes).
 */
import { tryGetCurrentAuthEndpointContext } from '@better-auth/core/context';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';

/** scrypt's cost (N = 2^12, 4 MiB) and sizes: about 10 ms a code. */
export const SCRYPT = { N: 4096, r: 8, p: 1, maxmem: 64 * 1024 * 1024, keyBytes: 32, saltBytes: 16 } as const;

/** One stored code: its salt and scrypt hash (base64url). */
export interface HashedCode {
  salt: string;
  hash: string;
}

const isHashed = (entry: unknown): entry is HashedCode =>
  typeof entry === 'object' &&
  entry !== null &&
  typeof (entry as HashedCode).salt === 'string' &&
  typeof (entry as HashedCode).hash === 'string';

const derive = (code: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) => {
    const { N, r, p, maxmem } = SCRYPT;
    const options: ScryptOptions = { N, r, p, maxmem };
    scrypt(code.normalize('NFKC'), salt, SCRYPT.keyBytes, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

/** A code's stored form: a new random salt and the scrypt hash. */
export async function hashCode(code: string): Promise<HashedCode> {
  const salt = randomBytes(SCRYPT.saltBytes);
  return { salt: salt.toString('base64url'), hash: (await derive(code, salt)).toString('base64url') };
}

/** Whether `code` is the one `stored` was made from (compared in constant time). */
export async function codeMatches(stored: HashedCode, code: string): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64url');
  const actual = await derive(code, Buffer.from(stored.salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Whether a stored value is in the hashed form (a JSON list), not the plugin's encrypted one. */
export const isHashedForm = (stored: string) => stored.startsWith('[');

/** The code the current request presents to the plugin's recovery-code check, if it is one. */
function presentedCode(): string | undefined {
  const ctx = tryGetCurrentAuthEndpointContext() as { path?: string; body?: { code?: unknown } } | undefined;
  if (ctx?.path !== '/two-factor/verify-backup-code') return undefined;
  return typeof ctx.body?.code === 'string' ? ctx.body.code : undefined;
}

/** Every code in clear hashed, every hashed entry as it was. */
export async function hashCodes(entries: unknown[]): Promise<HashedCode[]> {
  return Promise.all(entries.map(async (entry) => (isHashed(entry) ? entry : hashCode(String(entry)))));
}

/** The entries of a stored value: hashed ones, or (the plugin's old encrypted form) the codes in clear. */
export async function storedEntries(stored: string, secret: string): Promise<unknown[]> {
  const json = isHashedForm(stored) ? stored : await symmetricDecrypt({ key: secret, data: stored });
  const list: unknown = JSON.parse(json);
  if (!Array.isArray(list)) throw new Error('stored recovery codes are not a list');
  return list;
}

/** better-auth's `storeBackupCodes` for `secret` (BETTER_AUTH_SECRET, to read the old encrypted form only). */
export function hashedRecoveryCodes(secret: string) {
  return {
    encrypt: async (json: string) => JSON.stringify(await hashCodes(JSON.parse(json) as unknown[])),
    decrypt: async (stored: string) => {
      const entries = await storedEntries(stored, secret);
      const code = presentedCode();
      const shown = await Promise.all(
        entries.map(async (entry) => {
          // An old set in clear: the plugin compares it itself, and its write of the rest hashes them.
          if (!isHashed(entry)) return String(entry);
          return code !== undefined && (await codeMatches(entry, code)) ? code : entry;
        }),
      );
      return JSON.stringify(shown);
    },
  };
}

/**
 * The hashed form of a stored value in the old encrypted form, or null when it is hashed already (for the
 * one-off conversion of every set: `npm run admin -- hash-recovery-codes`).
 */
export async function hashStoredCodes(stored: string, secret: string): Promise<string | null> {
  if (isHashedForm(stored)) return null;
  return JSON.stringify(await hashCodes(await storedEntries(stored, secret)));
}
