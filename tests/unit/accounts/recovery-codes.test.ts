// Recovery codes stored as salted hashes (ASVS 6.5.2): nothing in the database is, contains or decrypts to a code;
// each works once; a set stored encrypted before the change still works and is converted; new codes end the old.
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoFactors, users } from '../../../src/db/schema.ts';
import { getAuth } from '../../../src/features/accounts/auth.ts';
import { codeMatches, type HashedCode } from '../../../src/features/accounts/recovery-codes.ts';
import { cookieOf, PASSWORD, post, withCookie } from './browser.ts';
import { admin, signedIn, useAuthDatabase } from './harness.ts';
import { enable, passwordStep } from './two-factor-harness.ts';

const handle = useAuthDatabase({ truncate: ['audit_log'] }); // append-only: its trigger refuses DELETE

const authSecret = async () => (await getAuth(handle.db).$context).secret;

/** The account's two_factors row. */
async function rowOf(email: string) {
  const [user] = await handle.db.select().from(users).where(eq(users.email, email));
  const [row] = await handle.db.select().from(twoFactors).where(eq(twoFactors.userId, user!.id));
  return row!;
}

/** A sign-in's second step with a recovery code: the answer. */
const useCode = async (email: string, code: unknown) =>
  post('/two-factor/verify-backup-code', { code }, withCookie(await passwordStep(email)));

describe('recovery codes', () => {
  it('are stored as salted scrypt hashes: no stored value is, holds or decrypts to a code', async () => {
    const { backupCodes } = await enable('hashed@lab.example', await signedIn('hashed@lab.example'));
    expect(backupCodes).toHaveLength(10);
    const row = await rowOf('hashed@lab.example');
    const secret = await authSecret();
    for (const value of Object.values(row).map(String)) {
      for (const code of backupCodes) expect(value).not.toContain(code);
      // The plugin's old form was this secret's cipher text: nothing stored opens with it to a code now.
      const opened = await symmetricDecrypt({ key: secret, data: value }).catch(() => '');
      for (const code of backupCodes) expect(opened).not.toContain(code);
    }
    const stored = JSON.parse(row.backupCodes) as HashedCode[];
    expect(stored).toHaveLength(10);
    // Each its own salt (no two alike), each a hash of one of the codes.
    expect(new Set(stored.map((s) => s.salt)).size).toBe(10);
    expect(await codeMatches(stored[4]!, backupCodes[4]!)).toBe(true);
    expect(await codeMatches(stored[4]!, backupCodes[5]!)).toBe(false);
  });

  it('each works once and not twice; the others still work, and a stored hash typed as a code matches nothing', async () => {
    const { backupCodes } = await enable('once@lab.example', await signedIn('once@lab.example'));
    const stolen = (JSON.parse((await rowOf('once@lab.example')).backupCodes) as HashedCode[])[0]!;
    for (const forged of [stolen.hash, stolen, JSON.stringify(stolen)]) {
      const res = await useCode('once@lab.example', forged);
      expect(res.status, JSON.stringify(forged)).not.toBe(200);
      expect(cookieOf(res, 'session_token')).toBeNull();
    }

    expect((await useCode('once@lab.example', backupCodes[2])).status).toBe(200);
    const again = await useCode('once@lab.example', backupCodes[2]);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });
    expect(JSON.parse((await rowOf('once@lab.example')).backupCodes)).toHaveLength(9);
    expect((await useCode('once@lab.example', backupCodes[7])).status).toBe(200);
    expect(JSON.parse((await rowOf('once@lab.example')).backupCodes)).toHaveLength(8);
  });

  it('stored encrypted before the change, still work, and the first one used stores the rest hashed', async () => {
    const { backupCodes } = await enable('legacy@lab.example', await signedIn('legacy@lab.example'));
    // What better-auth's plugin stored until now: the list encrypted with the auth secret.
    const legacy = await symmetricEncrypt({ key: await authSecret(), data: JSON.stringify(backupCodes) });
    await handle.db.update(twoFactors).set({ backupCodes: legacy });

    expect((await useCode('legacy@lab.example', 'wrong-codes')).status).toBe(401);
    expect((await rowOf('legacy@lab.example')).backupCodes).toBe(legacy); // a wrong code converts nothing

    expect((await useCode('legacy@lab.example', backupCodes[0])).status).toBe(200);
    const converted = (await rowOf('legacy@lab.example')).backupCodes;
    expect(JSON.parse(converted)).toHaveLength(9);
    for (const code of backupCodes) expect(converted).not.toContain(code);
    expect((await useCode('legacy@lab.example', backupCodes[0])).status).toBe(401);
    expect((await useCode('legacy@lab.example', backupCodes[9])).status).toBe(200);
  });

  it('stored encrypted are all converted by npm run admin -- hash-recovery-codes, and keep working', async () => {
    const { backupCodes } = await enable('cli@lab.example', await signedIn('cli@lab.example'));
    const legacy = await symmetricEncrypt({ key: await authSecret(), data: JSON.stringify(backupCodes) });
    await handle.db.update(twoFactors).set({ backupCodes: legacy });

    const run = await admin('hash-recovery-codes');
    expect(run).toMatchObject({ code: 0, out: expect.stringMatching(/1 account.*hashed/) });
    const converted = (await rowOf('cli@lab.example')).backupCodes;
    expect(JSON.parse(converted)).toHaveLength(10);
    for (const code of backupCodes) expect(converted).not.toContain(code);
    expect((await admin('hash-recovery-codes')).out).toMatch(/0 accounts/); // once is enough

    // A set encrypted with another secret cannot be opened: left as it was, and said so.
    const { backupCodes: other } = await enable('other@lab.example', await signedIn('other@lab.example'));
    const foreign = await symmetricEncrypt({ key: 'another secret of 32 characters!', data: JSON.stringify(other) });
    await handle.db
      .update(twoFactors)
      .set({ backupCodes: foreign })
      .where(eq(twoFactors.id, (await rowOf('other@lab.example')).id));
    const refused = await admin('hash-recovery-codes');
    expect(refused).toMatchObject({ code: 1, err: expect.stringMatching(/1 account.*could not be opened/) });
    expect((await rowOf('other@lab.example')).backupCodes).toBe(foreign);
    expect((await useCode('cli@lab.example', backupCodes[5])).status).toBe(200);
    expect((await useCode('cli@lab.example', backupCodes[5])).status).toBe(401);
  });

  it('new codes end the old ones', async () => {
    const { backupCodes, cookie } = await enable('regen@lab.example', await signedIn('regen@lab.example'));
    const res = await post('/two-factor/generate-backup-codes', { password: PASSWORD }, withCookie(cookie));
    expect(res.status).toBe(200);
    const fresh = ((await res.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    expect((await useCode('regen@lab.example', backupCodes[1])).status).toBe(401);
    expect((await useCode('regen@lab.example', fresh[1])).status).toBe(200);
    const stored = (await rowOf('regen@lab.example')).backupCodes;
    for (const code of [...backupCodes, ...fresh]) expect(stored).not.toContain(code);
  });
});
