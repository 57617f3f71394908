/**
 * What every function shares: the context it reads, the error shape of the whole API, and the wrapper of
 * every handler (`withErrors`) that refuses to run a misconfigured deploy, turns an unexpected throw into a
 * 500 without a stack trace and puts the security headers on every answer.
 */
import type { Context } from '@netlify/functions';
import { site } from '../config/site.ts';
import { editorOrigin } from '../config/cms.ts';
import { openInvocation } from '../db/client.ts';
import { assertProductionReady, inDeployContext, isPreview, MisconfiguredError } from '../config/platform.ts';
import { securityHeadersFor } from './security-headers.ts';
import { redactUrl } from './redact.ts';
import { loggable } from './loggable.ts';

/** The part of Netlify's function context this project uses; the local runtime provides exactly this. */
export type FnContext = Pick<Context, 'ip' | 'params' | 'requestId' | 'url' | 'waitUntil'> & {
  /** Netlify's deploy of this invocation (its `context`: `production`, `deploy-preview`, …); none locally. */
  deploy?: Partial<Context['deploy']>;
};

export type Handler = (request: Request, context: FnContext) => Promise<Response> | Response;

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const apiHeaders = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** A JSON answer with the headers every API response carries. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [key, value] of Object.entries(apiHeaders)) if (!headers.has(key)) headers.set(key, value);
  return Response.json(body, { ...init, headers });
}

/** An error in the one shape of the API: `{ error: { code, message, fields? } }`. */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  headers?: HeadersInit,
): Response {
  const body: ApiErrorBody = { error: fields ? { code, message, fields } : { code, message } };
  return json(body, { status, headers });
}

/** Rejects methods the function does not serve with 405 and an `Allow` header. */
export function allowMethods(request: Request, methods: readonly string[]): Response | null {
  if (methods.includes(request.method)) return null;
  return apiError(405, 'method_not_allowed', `Use ${methods.join(' or ')} for this endpoint.`, undefined, {
    Allow: methods.join(', '),
  });
}

/** A function's route table for one path: what each method it offers does. */
export type Methods<A> = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', A>>;

/** The action of the request's method in `table`, or the 405 of a method the path does not offer. */
export function routeAction<A>(request: Request, table: Methods<A>): A | Response {
  return allowMethods(request, Object.keys(table)) ?? table[request.method as keyof Methods<A>]!;
}

/** The 204 of a delete. */
export const noContent = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

/** How the server's log names a request: `[request id] METHOD /path`, a secret in the path redacted (redact.ts). */
export const requestLabel = (request: Request, context: Pick<FnContext, 'requestId'>) =>
  `[${context.requestId}] ${request.method} ${redactUrl(new URL(request.url).pathname)}`;

/** The answer of a deployed function that lacks a setting production needs (the log names the setting). */
export const misconfigured = () =>
  apiError(
    503,
    'misconfigured',
    `This part of the site is not set up yet. Please try again later, or write to us at ${site.email}.`,
  );

/**
 * Whether a request arrived on the editor's own origin (CMS_ORIGIN), where no function but the editor's answers:
 * no portal, no sign-in, no form (docs/decisions/0037-editor-on-its-own-origin.md).
 */
export function onEditorOrigin(request: Request): boolean {
  if (!process.env.CMS_ORIGIN) return false; // the usual case, on every request: nothing to parse
  const { origin } = editorOrigin(process.env, new URL(site.url).origin);
  return !!origin && new URL(request.url).origin === origin;
}

/**
 * Wraps every function's handler:
 * - deployed without what production needs (platform.ts), it answers 503 `misconfigured` and logs which
 *   setting is missing, before the handler can touch a development default (`checkSettings: false` is for
 *   the health check, which reports the settings instead);
 * - an unexpected error is logged on the server and answered with a bare 500;
 * - on the editor's own origin (CMS_ORIGIN) it answers 404 unless the function is the editor's (`editorOrigin`);
 * - every answer carries the security headers of netlify.toml, which Netlify applies to static files only.
 */
export function withErrors(
  handler: Handler,
  options: { checkSettings?: boolean; editorOrigin?: boolean } = {},
): Handler {
  const guarded: Handler = options.editorOrigin
    ? handler
    : (request, context) =>
        onEditorOrigin(request)
          ? apiError(404, 'not_found', 'Nothing of the site answers on the content editor’s address.')
          : handler(request, context);
  return async (request, context) => {
    // The invocation's own database connections, closed after the answer and its background work.
    const invocation = openInvocation();
    const background: Promise<unknown>[] = [];
    const scoped: FnContext = {
      ...context,
      waitUntil: (work) =>
        void background.push(
          work.catch((error) => console.error(`[${context.requestId}] background task failed:`, loggable(error))),
        ),
    };
    let response: Response;
    try {
      if (options.checkSettings !== false) assertProductionReady();
      response = await inDeployContext(context.deploy?.context, () =>
        invocation.run(() => Promise.resolve(guarded(request, scoped))),
      );
    } catch (error) {
      const where = requestLabel(request, context);
      if (error instanceof MisconfiguredError) {
        console.error(`${where} refused: ${error.message}`);
        response = misconfigured();
      } else {
        console.error(`${where} failed:`, loggable(error));
        response = apiError(500, 'internal', 'Something went wrong on our side. Please try again in a moment.');
      }
    }
    context.waitUntil(settled(background).then(() => invocation.close()));
    response = withSecurityHeaders(response);
    // A preview is for the agency's eyes: search engines must not index it (static files: netlify.toml).
    if (inDeployContext(context.deploy?.context, isPreview)) response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  };
}

/** Waits for every task in `tasks`, including tasks that finishing ones add to it. */
async function settled(tasks: Promise<unknown>[]): Promise<void> {
  for (let seen = -1; seen !== tasks.length;) {
    seen = tasks.length;
    await Promise.allSettled(tasks);
  }
}

/** The response with the security headers it does not set itself (a copy when its headers are immutable). */
export function withSecurityHeaders(response: Response): Response {
  const wanted = Object.entries(securityHeadersFor(response.headers.get('content-type')));
  try {
    for (const [key, value] of wanted) if (!response.headers.has(key)) response.headers.set(key, value);
    return response;
  } catch {
    // A fetched Response has immutable headers: answer with a copy.
    const headers = new Headers(response.headers);
    for (const [key, value] of wanted) if (!headers.has(key)) headers.set(key, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
