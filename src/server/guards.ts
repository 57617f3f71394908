/** Early-return guards shared by every public function: origin, body size and JSON parsing. */
import type * as z from 'zod/mini';
import { site } from '../config/site.ts';
import { apiError } from './http.ts';

/** Largest JSON body a form may send (the intake with every answer stays far below it). */
export const MAX_JSON_BYTES = 64 * 1024;

/** The origins ALLOWED_ORIGINS names (comma-separated), besides the site's own. */
export const extraOrigins = (): string[] =>
  (process.env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** Origins that may post: the site itself, the origin the request arrived on, and ALLOWED_ORIGINS. */
export function allowedOrigins(request: Request): Set<string> {
  return new Set([new URL(site.url).origin, new URL(request.url).origin, ...extraOrigins()]);
}

/** 403 unless the request carries an allowed `Origin` (browsers send it on every POST). */
export function checkOrigin(request: Request): Response | null {
  const origin = request.headers.get('origin');
  if (origin && allowedOrigins(request).has(origin)) return null;
  return apiError(403, 'forbidden_origin', 'This request did not come from this website.');
}

/** Reads a JSON body of at most `limit` bytes and validates it; a Response explains any failure. */
export async function parseJson<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
  limit = MAX_JSON_BYTES,
): Promise<{ data: z.output<S> } | { response: Response }> {
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    return { response: apiError(415, 'unsupported_media_type', 'Send the form as JSON.') };
  }
  const bytes = await readBody(request, limit);
  if (bytes === null) return { response: tooLarge(limit) };
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { response: apiError(400, 'invalid_json', 'The request body is not valid JSON.') };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return { response: apiError(422, 'invalid_fields', 'Some answers need your attention.', fields) };
}

const tooLarge = (limit: number) =>
  apiError(413, 'payload_too_large', `The request is larger than ${Math.round(limit / 1024)} KB.`);

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
