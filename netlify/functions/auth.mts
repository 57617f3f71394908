// Accounts: every better-auth endpoint under /api/auth/* (sign-up, sign-in, sign-out, get-session,
// verify-email, request-password-reset, reset-password, and two-factor/* for the code step and its setup; see
// src/features/accounts/auth.ts). Cookies pass both ways untouched: the session's and the `two_factor` one that carries
// a sign-in from the password to the code. This function only adds what
// better-auth cannot know: the site's Origin rule before any state change, the client address the platform
// saw (for the rate limits), the per-account sign-in limit (sign-in-guard.ts), the refusal of common and
// breached passwords (password-policy.ts), the API's 429/503 shape and clearer words for a few refusals. No
// stack traces.
import type { Config } from '@netlify/functions';
import { isPasswordCompromised } from 'better-auth/plugins/haveibeenpwned';
import { getDb } from '../../src/db/client.ts';
import type { Db } from '../../src/db/client.ts';
import { AUTH_ROUTES, authRoute, bodyFields } from '../../src/features/accounts/auth-request.ts';
import { withBackground } from '../../src/features/accounts/auth-mail.ts';
import { getAuth, PASSWORD_MAX, PASSWORD_MIN } from '../../src/features/accounts/auth.ts';
import { rateLimited, refusalResponse, unavailable } from '../../src/server/errors.ts';
import { checkOrigin, MAX_JSON_BYTES, readBody } from '../../src/server/guards.ts';
import { apiError, requestLabel, withErrors } from '../../src/server/http.ts';
import { choosesPassword, chosenPassword, weakPasswordProblem } from '../../src/features/accounts/password-policy.ts';
import { isDeployed } from '../../src/config/platform.ts';
import {
  admitSignIn,
  lockedMessage,
  settleSignIn,
  type SignInOutcome,
} from '../../src/features/accounts/sign-in-guard.ts';
import { loggable } from '../../src/server/loggable.ts';

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

// better-auth's terse messages that a person reads in the portal, said so they know what to do next.
const clearer: Record<string, string> = {
  EMAIL_NOT_VERIFIED:
    'Please confirm your email address first: open the link in the email we sent you (a new one is on its way).',
  PASSWORD_TOO_SHORT: `Choose a password of at least ${PASSWORD_MIN} characters.`,
  PASSWORD_TOO_LONG: `Choose a password of at most ${PASSWORD_MAX} characters.`,
  INVALID_PASSWORD: 'That password is not right.',
  INVALID_CODE: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  INVALID_BACKUP_CODE: 'That recovery code is not right, or it was used already.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes for this sign-in. Sign in with your password again.',
  INVALID_TWO_FACTOR_COOKIE: 'This sign-in has expired. Sign in with your password again.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes for this account. Try again in 15 minutes.',
  TOTP_ALREADY_ENABLED: 'Two-factor sign-in is already on for this account.',
};

/** The same refusal, with a clearer message for the codes above (the code itself stays better-auth's). */
async function explained(response: Response): Promise<Response> {
  if (response.ok || !(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  const message = body?.code ? clearer[body.code] : undefined;
  if (!message) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return Response.json({ ...body, message }, { status: response.status, headers });
}

/** What an admitted sign-in's answer says about the password it tried. */
async function signInOutcome(response: Response): Promise<SignInOutcome> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; twoFactorRedirect?: boolean } | null;
  // The right password of an account with two-factor sign-in: the sign-in is not done until the code is in.
  // Not a failure, and not a success either: earlier failures stay counted until the code step succeeds
  // (second-step-guard.ts), so knowing the password does not wipe the count of guesses at the code.
  if (response.ok) return body?.twoFactorRedirect ? 'not-a-guess' : 'succeeded';
  // better-auth checks the password before it asks for the confirmation: this refusal means it was right.
  if (response.status === 403 && body?.code === 'EMAIL_NOT_VERIFIED') return 'succeeded';
  // Refused before any password was compared: a malformed request, a too-long password, the per-IP limit.
  if ([400, 413, 415, 429].includes(response.status)) return 'not-a-guess';
  return 'failed'; // a wrong password, an unknown address, and (to be safe) anything unexpected
}

/** The sign-in's answer after its outcome is counted; a counter the database lost is logged, not fatal. */
async function settled(db: Db, email: string, response: Response, requestId: string): Promise<Response> {
  const outcome = await signInOutcome(response);
  await settleSignIn(db, email, outcome).catch((error) =>
    console.error(`[${requestId}] settling a sign-in (${outcome}) failed:`, loggable(error)),
  );
  return response;
}

/** The answer to every sign-in for an account locked by failed sign-ins (the same for unknown addresses). */
const accountLocked = (retryAfter: number) => refusalResponse(rateLimited(lockedMessage(retryAfter), retryAfter));

const signInUnavailable = () =>
  refusalResponse(unavailable('Sign-in is not available just now. Please try again in a minute.'));

export default withErrors(async (request, context) => {
  // Only the ways in this site offers (AUTH_ROUTES): better-auth's other routes do not exist here.
  const path = authRoute(request.url);
  if (path === null || !AUTH_ROUTES.has(path)) return apiError(404, 'not_found', 'There is no such page.');
  if (!isRead(request.method)) {
    const forbidden = checkOrigin(request);
    if (forbidden) return forbidden;
    if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BYTES) {
      return apiError(413, 'payload_too_large', 'The request is too large.');
    }
  }

  // A sign-in or a new password is read here first (bounded), then handed on as the same bytes.
  const route = request.method === 'POST' ? path : null;
  const readFirst = route === '/sign-in/email' || (route !== null && choosesPassword(route));
  const body = readFirst ? await readBody(request, MAX_JSON_BYTES) : undefined;
  if (body === null) return apiError(413, 'payload_too_large', 'The request is too large.');
  const fields = body ? bodyFields(request.headers.get('content-type'), body) : {};

  if (route !== null && choosesPassword(route)) {
    const problem = await weakPasswordProblem(
      chosenPassword(route, fields),
      isDeployed() ? isPasswordCompromised : null,
      fields,
    );
    if (problem) return Response.json(problem, { status: 400 });
  }

  // better-auth keys its rate limits on this header: only the platform's view of the client counts.
  const headers = new Headers(request.headers);
  if (context.ip) headers.set('x-forwarded-for', context.ip);
  else headers.delete('x-forwarded-for');
  // A body read above goes on as the same bytes (the request's own stream is used up).
  const forwarded = body
    ? new Request(request.url, { method: request.method, headers, body: new Uint8Array(body) })
    : new Request(request, { headers });

  const handle = await getDb().catch(() => null);
  if (!handle) return signInUnavailable();
  // Every address is counted, known or not: the answer says nothing about whether an account exists.
  const email = route === '/sign-in/email' && typeof fields.email === 'string' ? fields.email : null;
  if (email !== null) {
    // Without its counter a sign-in is not let through: the limit must not vanish with a database hiccup.
    const gate = await admitSignIn(handle.db, email).catch((error: unknown) => {
      console.error(`[${context.requestId}] counting a sign-in failed:`, loggable(error));
      return null;
    });
    if (!gate) return signInUnavailable();
    if (!gate.allowed) return accountLocked(gate.retryAfter);
  }
  let response: Response;
  try {
    response = await withBackground(context.waitUntil, () => getAuth(handle.db).handler(forwarded));
  } catch (error) {
    console.error(`${requestLabel(request, context)} failed:`, loggable(error));
    if (email !== null) await settled(handle.db, email, new Response(null, { status: 500 }), context.requestId);
    return signInUnavailable();
  }
  if (email !== null) await settled(handle.db, email, response, context.requestId);
  // better-auth answers an unexpected failure (mostly the database) with a bare 500: say what to do instead.
  if (response.status >= 500) return signInUnavailable();
  // better-auth's per-address limit (it alone sets X-Retry-After); the account locks keep their own words.
  if (response.status === 429 && response.headers.has('x-retry-after')) {
    const retryAfter = response.headers.get('x-retry-after') ?? '600';
    return refusalResponse(rateLimited('Too many attempts from your network. Please try again later.', retryAfter));
  }
  return explained(response);
});

export const config: Config = { path: '/api/auth/*' };
