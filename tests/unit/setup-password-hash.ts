/**
 * Before each unit test file: staff passwords hashed by the same scrypt in the same stored form as
 * src/features/accounts/password-hash.ts, at a sixteenth of its cost (N = 2^10 rather than 2^14). The accounts
 * tests sign in and guess passwords hundreds of times to check who gets in; at the full cost those hashes were
 * about a third of the unit step's and the pg step's time (docs/decisions/0039-test-time-budget.md).
 * tests/unit/accounts/password-hash.test.ts holds the real module to the full cost; e2e and parity runs use it.
 */
import { randomBytes, scrypt } from 'node:crypto';
import { vi } from 'vitest';

export const TEST_SCRYPT = { N: 1024, r: 16, p: 1, keyBytes: 64 } as const;

function derive(password: string, salt: string): Promise<string> {
  const { N, r, p, keyBytes } = TEST_SCRYPT;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyBytes, { N, r, p }, (error, key) =>
      error ? reject(error) : resolve(key.toString('hex')),
    ),
  );
}

vi.mock('../../src/features/accounts/password-hash.ts', () => ({
  hashPassword: async (password: string) => {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${await derive(password, salt)}`;
  },
  verifyPassword: async ({ hash, password }: { hash: string; password: string }) => {
    const [salt, key] = hash.split(':');
    if (!salt || !key) throw new Error('Invalid password hash');
    return (await derive(password, salt)) === key;
  },
}));
