/**
 * Netlify's request body limit for a synchronous function. The platform hands the function its request
 * as one payload of at most 6 MB, and a binary body travels in it base64-encoded (4 bytes for every 3), so
 * 6 MB of text or 4.5 MB of binary fit. A larger body is refused before the function runs.
 */
import { readUpTo } from '../../src/server/guards.ts';

/** The payload limit of a synchronous function (AWS Lambda's 6 MB, which Netlify runs on). */
export const PAYLOAD_LIMIT = 6 * 1024 * 1024;

// Bodies that travel as text. Everything else (octet-stream, images, PDF, multipart, no type at all) is
// counted as binary, the stricter reading, so nothing passes here that the platform would refuse.
const textType =
  /^\s*(?:text\/[\w.+-]+|application\/(?:json|xml|javascript|graphql|x-www-form-urlencoded|[\w.+-]+\+(?:json|xml)))\s*(?:;|$)/i;

/** True when a body of this `Content-Type` reaches the function as text, not base64. */
export const isTextBody = (contentType: string | null): boolean => textType.test(contentType ?? '');

/** The largest raw body of this `Content-Type` that fits the payload: 6 MB of text, 4.5 MB of binary. */
export const maxBodyBytes = (contentType: string | null): number =>
  isTextBody(contentType) ? PAYLOAD_LIMIT : Math.floor(PAYLOAD_LIMIT / 4) * 3;

// A client that keeps sending after the refusal is cut off after this much.
const DISCARD_LIMIT = 8 * PAYLOAD_LIMIT;

/** The platform's refusal: a short plain-text 413 that no function wrote. */
export function payloadTooLarge(): Response {
  return new Response('Payload Too Large: a function takes a body of at most 6 MB of text or 4.5 MB of binary.\n', {
    status: 413,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * The request with its whole body read into memory, as the function receives it on Netlify, or a 413 when
 * the body is too large: by `Content-Length` at once, else by counting while it streams in.
 */
export async function bufferBody(request: Request): Promise<Request | Response> {
  if (!request.body) return request;
  const limit = maxBodyBytes(request.headers.get('content-type'));
  const reader = request.body.getReader();
  if (Number(request.headers.get('content-length') ?? 0) > limit) return refuse(reader);
  const body = await readUpTo(reader, limit);
  if (body === null) return refuse(reader);
  const { method, headers, signal } = request;
  return new Request(request.url, { method, headers, signal, body });
}

/**
 * Answers 413 and reads the rest of the body in the background: closing on a client that is still sending
 * can reset the connection before it reads the answer (RFC 9112, 9.6), and a drained connection stays usable.
 */
function refuse(reader: ReadableStreamDefaultReader<Uint8Array>): Response {
  void (async () => {
    let discarded = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        discarded += value.byteLength;
        if (discarded > DISCARD_LIMIT) return void (await reader.cancel());
      }
    } catch {
      // The client went away: nothing left to read.
    }
  })();
  return payloadTooLarge();
}
