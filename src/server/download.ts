/**
 * Answers that the browser saves as a file (documents and CSV exports): `Content-Disposition: attachment`
 * with the name both as plain ASCII and as UTF-8 (RFC 6266), never cached, never sniffed into HTML.
 */
// C0 and C1 controls and DEL, and the bidi controls (LRM, RLM, ALM, embeddings, overrides, isolates) that
// make `invoice\u202Efdp.exe` display as `invoiceexe.pdf`.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The file name as it is kept: no folders, no control or bidi characters, surrounding spaces trimmed. */
export function cleanFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(INVISIBLE, '').trim();
}

/** A stored file name made safe for a header: no path, no control or bidi characters, never empty. */
export function safeFileName(name: string): string {
  return cleanFileName(name) || 'document';
}

// RFC 5987 encodes all but attr-chars; encodeURIComponent leaves ' ( ) * which must be encoded too.
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="…"; filename*=UTF-8''…` for a file name. */
export function contentDisposition(name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}

/** A file download: its bytes (a stream is passed on as it is read), type, name and size when known. */
export function attachment(
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | string,
  file: { name: string; type: string; size?: number },
): Response {
  const headers = new Headers({
    'Content-Type': file.type,
    'Content-Disposition': contentDisposition(file.name),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  if (file.size !== undefined) headers.set('Content-Length', String(file.size));
  return new Response(body, { headers });
}

/** A CSV export named `{base}-YYYY-MM-DD.csv` (UTC date of the export). */
export function csvAttachment(base: string, csv: string, now = new Date()): Response {
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents stay intact).
  const body = `\uFEFF${csv}`;
  return attachment(body, {
    name: `${base}-${now.toISOString().slice(0, 10)}.csv`,
    type: 'text/csv; charset=utf-8',
    size: Buffer.byteLength(body),
  });
}
