// `npm run admin -- grant`, and the audit log of the roles the command line gives.
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, userRoles } from '../../../src/db/schema.ts';
import { rolesOf } from '../../../src/features/accounts/require-role.ts';
import { signUp } from './browser.ts';
import { admin, confirm, useAuthDatabase, userId } from './harness.ts';

const handle = useAuthDatabase({ truncate: ['audit_log'] }); // append-only: its trigger refuses DELETE

describe('npm run admin -- grant', () => {
  it('grants a role to an existing account, once', async () => {
    await admin('create', 'grow@bolesta.example', '--role', 'viewer', '--password', 'a strong passphrase');
    const run = await admin('grant', 'GROW@bolesta.example', 'editor');
    expect(run).toMatchObject({ code: 0, out: 'grow@bolesta.example now has the editor role.' });
    const again = await admin('grant', 'grow@bolesta.example', 'editor');
    expect(again).toMatchObject({ code: 0, out: 'grow@bolesta.example already had the editor role.' });
    expect(await rolesOf(handle.db, (await userId('grow@bolesta.example'))!)).toEqual(['editor', 'viewer']);
  });

  it('grants to an account that signed up on the site and confirmed its address', async () => {
    expect((await signUp('site@bolesta.example', 'a strong passphrase')).status).toBe(200);
    await confirm('site@bolesta.example');
    expect((await admin('grant', 'site@bolesta.example', 'viewer')).code).toBe(0);
    expect(await rolesOf(handle.db, (await userId('site@bolesta.example'))!)).toEqual(['viewer']);
  });

  it('refuses a missing account (exit 1) and an unknown role or extra arguments (exit 2)', async () => {
    const missing = await admin('grant', 'ghost@bolesta.example', 'admin');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/No account for ghost@bolesta\.example/);
    expect((await admin('grant', 'ghost@bolesta.example', 'superuser')).code).toBe(2);
    expect((await admin('grant', 'ghost@bolesta.example')).code).toBe(2);
    expect((await admin('grant', 'ghost@bolesta.example', 'admin', '--password', 'a strong passphrase')).code).toBe(2);
    expect(await handle.db.select().from(userRoles)).toEqual([]);
  });
});

describe('the audit log of the command line', () => {
  const logged = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.at), asc(auditLog.id));
  const grantRow = (id: string, email: string, role: string, command: string) => ({
    id: expect.any(String),
    at: expect.any(Date),
    actorId: 'cli',
    actorEmail: 'command line',
    action: 'role.grant',
    targetType: 'user',
    targetId: id,
    detail: { role, email, command },
  });

  it('records the role of create and of grant as granted by the command line', async () => {
    await admin('create', 'log@bolesta.example', '--role', 'viewer', '--password', 'a strong passphrase');
    const id = (await userId('log@bolesta.example'))!;
    expect((await admin('grant', 'log@bolesta.example', 'admin')).code).toBe(0);
    expect(await logged()).toEqual([
      grantRow(id, 'log@bolesta.example', 'viewer', 'create'),
      grantRow(id, 'log@bolesta.example', 'admin', 'grant'),
    ]);
  });

  it('records the role of a taken-over account', async () => {
    expect((await signUp('taken@bolesta.example', 'attacker passphrase')).status).toBe(200);
    expect((await admin('create', 'taken@bolesta.example', '--role', 'editor')).code).toBe(0);
    const id = (await userId('taken@bolesta.example'))!;
    expect(await logged()).toEqual([grantRow(id, 'taken@bolesta.example', 'editor', 'create')]);
  });

  it('records nothing for a role already held or a refused command', async () => {
    await admin('create', 'once@bolesta.example', '--role', 'viewer', '--password', 'a strong passphrase');
    const before = await logged();
    expect(before).toHaveLength(1);
    expect((await admin('grant', 'once@bolesta.example', 'viewer')).out).toMatch(/already had/);
    expect((await admin('grant', 'ghost@bolesta.example', 'viewer')).code).toBe(1);
    expect((await admin('create', 'once@bolesta.example', '--role', 'admin')).code).toBe(1);
    expect((await signUp('unconfirmed@bolesta.example', 'a strong passphrase')).status).toBe(200);
    expect((await admin('grant', 'unconfirmed@bolesta.example', 'viewer')).code).toBe(1);
    expect((await admin('grant', 'once@bolesta.example', 'owner')).code).toBe(2);
    expect(await logged()).toEqual(before);
  });
});
