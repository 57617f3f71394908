// Staff passwords at the full cost: the unit tests hash at a sixteenth of it (tests/unit/setup-password-hash.ts),
// so this file holds the module auth.ts uses to better-auth's own scrypt and its stored form.
import { scryptSync } from 'node:crypto';
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it, vi } from 'vitest';
import { TEST_SCRYPT } from '../setup-password-hash.ts';
import type * as PasswordHash from '../../../src/features/accounts/password-hash.ts';

type Hasher = typeof PasswordHash;
const real = await vi.importActual<Hasher>('../../../src/features/accounts/password-hash.ts');
const mocked: Hasher = await import('../../../src/features/accounts/password-hash.ts');

describe('staff password hashing', () => {
  it('is scrypt at N = 2^14, r = 16, p = 1, stored as better-auth stores it', async () => {
    const hash = await real.hashPassword('correct horse battery');
    const [salt, key] = hash.split(':');
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    const full = scryptSync('correct horse battery', salt!, 64, { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 });
    expect(key).toBe(full.toString('hex'));
    // A hash better-auth made before auth.ts named its hasher still signs in, and the other way round.
    expect(await betterAuthVerify({ hash, password: 'correct horse battery' })).toBe(true);
    const older = await betterAuthHash('made before');
    expect(await real.verifyPassword({ hash: older, password: 'made before' })).toBe(true);
    expect(await real.verifyPassword({ hash: older, password: 'made  before' })).toBe(false);
  });

  it('is swapped in the unit tests for the same scrypt at a sixteenth of the cost, in the same stored form', async () => {
    expect(TEST_SCRYPT.N * 16).toBe(16384);
    const hash = await mocked.hashPassword('correct horse battery');
    const [salt, key] = hash.split(':');
    const cheap = scryptSync('correct horse battery', salt!, 64, { N: TEST_SCRYPT.N, r: 16, p: 1 });
    expect(key).toBe(cheap.toString('hex'));
    expect(await mocked.verifyPassword({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await mocked.verifyPassword({ hash, password: 'wrong' })).toBe(false);
  });
});
