/**
 * Refusals of the admin services: a service throws an AdminError and the endpoint answers it in the API's
 * one error shape, so services stay free of Response objects and read like the rules they enforce.
 */
import { apiError } from '../http.ts';

/** A refusal with the HTTP status, code and message the API answers (and a message per field for 422). */
export class AdminError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AdminError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** The refusal as the API answers it. */
  toResponse(): Response {
    return apiError(this.status, this.code, this.message, this.fields);
  }
}

/** 404 for a record that does not exist (or whose id cannot be one). */
export const notFound = (what: string) =>
  new AdminError(404, 'not_found', `This ${what} does not exist or has been deleted.`);

/** 422 with a message per field, as `parseJson` answers a body that fails its schema. */
export function invalidFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AdminError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return new AdminError(422, 'invalid_fields', 'Some answers need your attention.', fields);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a URL can be a row id; Postgres would throw on a malformed uuid, a 500 for bad input. */
export const isUuid = (id: string | undefined): id is string => id !== undefined && UUID.test(id);
