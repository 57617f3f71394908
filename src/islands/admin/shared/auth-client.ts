/**
 * The portal's calls to `/api/auth/*`: better-auth's own client with its two-factor part, so each request
 * is the one better-auth's server expects (paths, bodies, methods) as both move on. Calls to `/api/admin/*`
 * stay in api.ts. `authCall` turns the client's `{ data, error }` answer into the portal's ApiError, with
 * the server's message: the words a person reads are the server's (auth.mts), as before.
 */
import { ApiError } from './api.ts';

// The framework-free client (not better-auth/react): the portal keeps its session in TanStack Query and
// needs no hooks of better-auth's, so its React bindings would be bytes for nothing. It is loaded on the
// first call (a sign-in, sign-out or two-factor step), not with the page: the sign-in screen shows without it.
async function create() {
  const [{ createAuthClient }, { twoFactorClient }] = await Promise.all([
    import('better-auth/client'),
    import('better-auth/client/plugins'),
  ]);
  return createAuthClient({
    // The origin the page was opened on: production, a deploy preview, localhost or a LAN address alike.
    baseURL: `${location.origin}/api/auth`,
    // The code step is the sign-in form's own (SignIn.tsx): no page to send the browser to.
    plugins: [twoFactorClient()],
  });
}

export type AuthClient = Awaited<ReturnType<typeof create>>;

let client: Promise<AuthClient> | undefined;

/** The client, loaded and made on first use (the module is also evaluated where there is no `location`). */
function authClient(): Promise<AuthClient> {
  client ??= create().catch((error: unknown) => {
    client = undefined; // a chunk that failed to load is tried again on the next call
    throw error;
  });
  return client;
}

/** The error half of the client's answer: better-auth's `{ code, message }`, or auth.mts's `{ error: { … } }`. */
interface AuthFailure {
  status: number;
  code?: string;
  message?: string;
  error?: { code?: string; message?: string };
}

/** Makes a call with the client: its data, or an ApiError with the server's code and message. */
export async function authCall<T>(
  call: (client: AuthClient) => Promise<{ data: T | null; error: AuthFailure | null }>,
): Promise<T> {
  let answer: { data: T | null; error: AuthFailure | null };
  try {
    answer = await call(await authClient());
  } catch {
    throw new ApiError(0, 'network', 'The server could not be reached. Check your connection.');
  }
  const { data, error } = answer;
  if (!error) return data as T;
  const code = error.error?.code ?? error.code ?? 'error';
  const message = error.error?.message ?? error.message ?? `The server answered ${error.status}.`;
  throw new ApiError(error.status, code, message);
}
