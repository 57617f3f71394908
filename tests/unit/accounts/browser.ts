/**
 * The auth function called as the portal's pages call it from a browser, and the cookies the browser keeps.
 * Every account of the auth tests has the same password unless a test gives another.
 */
import auth from '../../../netlify/functions/auth.mts';
import { call, origin, type CallOptions } from '../function-harness.ts';

export const PASSWORD = 'correct horse'; // 13 characters, not a common one
export const post = (path: string, body: unknown, init: CallOptions = {}) => call(auth, `/api/auth${path}`, body, init);
export const get = (path: string, init: CallOptions = {}) => call(auth, path, undefined, { ...init, method: 'GET' });
export const signUp = (email: string, password = PASSWORD, init: CallOptions = {}) =>
  post('/sign-up/email', { email, password, name: 'Rosalind Franklin', callbackURL: '/admin' }, init);
export const signIn = (email: string, password = PASSWORD, init: CallOptions = {}) =>
  post('/sign-in/email', { email, password }, init);

/** The `name=value` of the cookie called `*.<name>` that a response sets with a value, or null. */
export function cookieOf(res: Response, name: string): string | null {
  const set = res.headers.getSetCookie().find((c) => new RegExp(`^[^=]*\\.${name}=[^;]`).test(c));
  return set ? set.split(';')[0]! : null;
}

/** The `name=value` of the session cookie a response sets, not one it clears (what a browser sends back). */
export function sessionCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => /^[^=]*\.session_token=[^;]/.test(c) && !/max-age=0/i.test(c));
  if (!set) throw new Error(`no session cookie in ${res.status} answer`);
  return set.split(';')[0]!;
}
export const withCookie = (cookie: string) => ({ headers: { cookie } });
export const requestWith = (cookie: string) => new Request(`${origin}/api/me`, { headers: { cookie } });
