/**
 * The server's side of the one refusal type (src/lib/api-error.ts). A service or guard throws an `ApiError`
 * (HTTP status, code, message, and for a 422 a message per field); `refusalResponse` turns it into the API's
 * one error shape, `{ error: { code, message, fields? } }`, with `Retry-After` when a retry may work. `answerOrFail` is where a function's work
 * meets it: a refusal is answered as is, anything else is logged on the server and answered with the
 * function's own 503 (no stack trace reaches a visitor).
 */
import { ApiError, type FieldErrors } from '../lib/api-error.ts';
import { apiError } from './http.ts';
import { loggable } from './loggable.ts';

export { ApiError, type FieldErrors };

/** The refusal as the API answers it. */
export function refusalResponse(refusal: ApiError): Response {
  const headers = refusal.retryAfter === undefined ? undefined : { 'Retry-After': String(refusal.retryAfter) };
  return apiError(refusal.status, refusal.code, refusal.message, refusal.fields, headers);
}

/** How long a 503 asks the client to wait before trying again, in seconds. */
const UNAVAILABLE_RETRY_SECONDS = 30;

/** 503 `unavailable`: the database or the store cannot be reached; a retry in a minute usually works. */
export const unavailable = (message: string) =>
  new ApiError(503, 'unavailable', message, undefined, UNAVAILABLE_RETRY_SECONDS);

/** 429 `rate_limited`, with the seconds until the limit's window ends. */
export const rateLimited = (message: string, retryAfter: number | string) =>
  new ApiError(429, 'rate_limited', message, undefined, retryAfter);

/** 404 for a record that does not exist (or whose id cannot be one). */
export const notFound = (what: string) =>
  new ApiError(404, 'not_found', `This ${what} does not exist or has been deleted.`);

/** 422 `invalid_fields` with a message per field. */
export const invalidFields = (fields: FieldErrors, message = 'Some answers need your attention.') =>
  new ApiError(422, 'invalid_fields', message, fields);

/** The first message of each field among a zod error's issues (a field may fail several checks). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

/**
 * The answer of `work`: its own Response, an `ApiError` it throws answered as such, and any other throw (the
 * database or the store failing mid-call) logged under `where` and answered with `failed`.
 */
export async function answerOrFail(work: () => Promise<Response>, failed: ApiError, where: string): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) return refusalResponse(error);
    console.error(`${where}:`, loggable(error));
    return refusalResponse(failed);
  }
}
