// Accounts: every better-auth endpoint under /api/auth/* (sign-up, sign-in, sign-out, get-session,
// verify-email, request-password-reset, reset-password; see src/server/auth.ts). This function only adds what
// better-auth cannot know: the site's Origin rule before any state change, the client address the platform
// saw (for the rate limits), the API's 429/503 shape and clearer words for a few refusals. No stack traces.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { getAuth, PASSWORD_MAX, PASSWORD_MIN, withBackground } from '../../src/server/auth.ts';
import { checkOrigin, MAX_JSON_BYTES } from '../../src/server/guards.ts';
import { apiError, withErrors } from '../../src/server/http.ts';

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

// better-auth's terse messages that a person reads in the portal, said so they know what to do next.
const clearer: Record<string, string> = {
  EMAIL_NOT_VERIFIED:
    'Please confirm your email address first: open the link in the email we sent you (a new one is on its way).',
  PASSWORD_TOO_SHORT: `Choose a password of at least ${PASSWORD_MIN} characters.`,
  PASSWORD_TOO_LONG: `Choose a password of at most ${PASSWORD_MAX} characters.`,
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

const unavailable = () =>
  apiError(503, 'unavailable', 'Sign-in is not available just now. Please try again in a minute.', undefined, {
    'Retry-After': '30',
  });

export default withErrors(async (request, context) => {
  if (!isRead(request.method)) {
    const forbidden = checkOrigin(request);
    if (forbidden) return forbidden;
    if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BYTES) {
      return apiError(413, 'payload_too_large', 'The request is too large.');
    }
  }

  // better-auth keys its rate limits on this header: only the platform's view of the client counts.
  const headers = new Headers(request.headers);
  if (context.ip) headers.set('x-forwarded-for', context.ip);
  else headers.delete('x-forwarded-for');
  const forwarded = new Request(request, { headers });

  const handle = await getDb().catch(() => null);
  if (!handle) return unavailable();
  let response: Response;
  try {
    response = await withBackground(context.waitUntil, () => getAuth(handle.db).handler(forwarded));
  } catch (error) {
    console.error(`[${context.requestId}] ${request.method} ${new URL(request.url).pathname} failed:`, error);
    return unavailable();
  }
  // better-auth answers an unexpected failure (mostly the database) with a bare 500: say what to do instead.
  if (response.status >= 500) return unavailable();
  if (response.status === 429) {
    const retryAfter = response.headers.get('x-retry-after') ?? '600';
    return apiError(429, 'rate_limited', 'Too many attempts from your network. Please try again later.', undefined, {
      'Retry-After': retryAfter,
    });
  }
  return explained(response);
});

export const config: Config = { path: '/api/auth/*' };
