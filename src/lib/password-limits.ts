/**
 * How long a staff password may be, in one place: better-auth's settings (src/features/accounts/auth.ts), the CLI
 * (`npm run admin`), and the portal's sign-up and reset forms (account.schema.ts) all read these two.
 * No imports: the portal island bundles this module.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
