/**
 * The one refusal type of the API, on both sides of it: the server throws an `ApiError` (HTTP status, code,
 * message, for a 422 a message per field, and when a retry may work) and answers it in the API's one error
 * shape (src/server/errors.ts); the portal rebuilds it from that answer (src/islands/admin/shared/api.ts) with
 * status 0 and code `network` when the server could not be reached.
 */

/** A message per request field (dotted path; `_` for the body as a whole), as a 422 carries it. */
export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Per-field messages of a 422 or 409 answer. */
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
}
