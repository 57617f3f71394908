import { describe, expect, it } from 'vitest';
import auth from '../../../netlify/functions/auth.mts';
import { accounts, authRateLimits, mailOutbox, rateLimits, users, verifications } from '../../../src/db/schema.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';
import { call } from '../function-harness.ts';

// SIGN_UP_LIMIT of src/features/accounts/auth.ts (better-auth's customRules): 10 sign-ups per address per 10 minutes.
const LIMIT = 10;
const WINDOW_SECONDS = 600;

// The console transport prints each mail; better-auth logs refused attempts.
quietConsole('log', 'warn');
const handle = useTestDatabase({ empty: [mailOutbox, verifications, accounts, users, authRateLimits, rateLimits] });

/** One sign-up through the auth function, as the portal's form sends it. */
const signUp = (n: number, ip: string) =>
  call(
    auth,
    '/api/auth/sign-up/email',
    { email: `person${n}@lab.example`, password: 'correct horse', name: 'Rosalind Franklin', callbackURL: '/admin' },
    { ip },
  );

describe('sign-up rate limit', () => {
  it(`answers the ${LIMIT + 1}th sign-up from one address in 10 minutes with 429 rate_limited and Retry-After`, async () => {
    const ip = '203.0.113.20';
    for (let n = 1; n <= LIMIT; n++) expect((await signUp(n, ip)).status).toBe(200);
    const limited = await signUp(LIMIT + 1, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(await handle.db.select().from(users)).toHaveLength(LIMIT);
    // Another address may still sign up.
    expect((await signUp(LIMIT + 2, '203.0.113.21')).status).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    for (let n = 1; n <= LIMIT; n++) expect((await signUp(n, `2001:db8:5:6::${n.toString(16)}`)).status).toBe(200);
    expect((await signUp(LIMIT + 1, '2001:db8:5:6:ffff::1')).status).toBe(429);
    expect((await signUp(LIMIT + 2, '2001:db8:5:7::1')).status).toBe(200);
  });
});
