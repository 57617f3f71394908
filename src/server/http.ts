/**
 * What every function shares: the context it reads, the error shape of the whole API and a guard that
 * turns an unexpected throw into a 500 without a stack trace.
 */
import type { Context } from '@netlify/functions';

/** The part of Netlify's function context this project uses; the local runtime provides exactly this. */
export type FnContext = Pick<Context, 'ip' | 'params' | 'requestId' | 'url' | 'waitUntil'>;

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

/** Wraps a handler so that an unexpected error is logged on the server and answered with a bare 500. */
export function withErrors(handler: Handler): Handler {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      console.error(`[${context.requestId}] ${request.method} ${new URL(request.url).pathname} failed:`, error);
      return apiError(500, 'internal', 'Something went wrong on our side. Please try again in a moment.');
    }
  };
}
