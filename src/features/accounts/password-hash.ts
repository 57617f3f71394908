/**
 * How staff passwords are hashed: better-auth's own scrypt (N = 2^14, r = 16, p = 1, a 16-byte salt: about 50–100
 * ms and 32 MiB a hash, on purpose), in better-auth's own stored form (`salt:key`, hex), so accounts made before this
 * module existed sign in as before. auth.ts hands these two to better-auth rather than leaving them implied, so
 * that there is one place that decides. The unit tests swap this module for the same scrypt at a sixteenth of the
 * cost (tests/unit/setup-password-hash.ts): hundreds of sign-ins there check who gets in, not how slow a guess is;
 * tests/unit/accounts/password-hash.test.ts holds this module to the full cost.
 */
export { hashPassword, verifyPassword } from 'better-auth/crypto';
