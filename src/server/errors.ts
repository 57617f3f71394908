/**
 * The server's one refusal type. A service or guard throws an `ApiError` (HTTP status, code, message, and for
 * a 422 a message per field); `toResponse` turns it into the API's one error shape, `{ error: { code,
 * message, fields? } }`, with `Retry-After` when a retry may work. `answerOrFail` is where a function's work
 * meets it: a refusal is answered as is, anything else is logged on the server and answered with the
 * function's own 503 (no stack trace reaches a visitor).
 */
import { apiError } from './http.ts';

/** A message per request field (dotted path; `_` for the body as a whole), as a 422 carries it. */
export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors | undefined;
  /** Seconds after which the same request may work (the `Retry-After` header). */
  readonly retryAfter: number | string | undefined;
  constructor(status: number, code: string, message: string, fields?: FieldErrors, retryAfter?: number | string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }

  /** The refusal as the API answers it. */
  toResponse(): Response {
    const headers = this.retryAfter === undefined ? undefined : { 'Retry-After': String(this.retryAfter) };
    return apiError(this.status, this.code, this.message, this.fields, headers);
  }
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
    if (error instanceof ApiError) return error.toResponse();
    console.error(`${where}:`, error);
    return failed.toResponse();
  }
}
