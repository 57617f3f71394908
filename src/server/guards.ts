/** Early-return guards shared by every public function: origin, body size and JSON parsing. */
import type * as z from 'zod/mini';
import { ApiError, fieldErrors, invalidFields } from './errors.ts';
import { apiError } from './http.ts';
import { allowedOrigins } from './origins.ts';

/** Largest JSON body a form may send (the intake with every answer stays far below it). */
export const MAX_JSON_BYTES = 64 * 1024;

/** 403 unless the request carries an allowed `Origin` (browsers send it on every POST). */
export function checkOrigin(request: Request): Response | null {
  const origin = request.headers.get('origin');
  if (origin && allowedOrigins(request).has(origin)) return null;
  return apiError(403, 'forbidden_origin', 'This request did not come from this website.');
}

/** The JSON body of at most `limit` bytes, checked against `schema`; throws the ApiError that explains a failure. */
export async function readJson<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
  limit = MAX_JSON_BYTES,
): Promise<z.output<S>> {
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the form as JSON.');
  }
  const bytes = await readBody(request, limit);
  if (bytes === null) {
    throw new ApiError(413, 'payload_too_large', `The request is larger than ${Math.round(limit / 1024)} KB.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidFields(fieldErrors(parsed.error.issues));
  return parsed.data;
}

/** The body as bytes, or null when it is larger than `limit` (read no further than that). */
export async function readBody(request: Request, limit: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const bytes = await readUpTo(reader, limit);
  if (bytes === null) await reader.cancel();
  return bytes;
}

/**
 * Reads a stream to its end while it stays within `limit` bytes; null as soon as it goes over, with the
 * rest left unread for the caller to cancel or drain.
 */
export async function readUpTo(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
): Promise<Buffer<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > limit) return null;
    chunks.push(value);
  }
}
