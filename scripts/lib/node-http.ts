/** Converts between Node's http objects and the web `Request`/`Response` that functions speak. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { extraOrigins } from '../../src/server/origins.ts';

// host[:port]: a DNS name or IPv4 address, or a bracketed IPv6 address. No user info, path or spaces.
const hostHeader =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request was addressed to, from its `Host` header, as on Netlify where the request URL is the
 * one the visitor used; `http://<fallback>` when the header is missing or not a valid host[:port].
 */
export function originFromHost(host: string | undefined, fallback: string): string {
  if (host && host.length <= 261 && hostHeader.test(host)) {
    try {
      const url = new URL(`http://${host}`);
      if (isLocalName(url.hostname)) return url.origin;
    } catch {
      // Shaped like a host but not one (an IPv4 part over 255, a port over 65535).
    }
  }
  return `http://${fallback}`;
}

/**
 * Names this machine answers to for its developer: an IP address (loopback or LAN), `localhost`, or a host
 * of the site's own origins. Any other name is a page elsewhere that resolved itself to this machine (DNS
 * rebinding): its requests keep the fallback origin, so the Origin check refuses them.
 */
function isLocalName(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) || bare === 'localhost' || bare.endsWith('.localhost')) return true;
  const own = [process.env.SITE_URL?.trim(), ...extraOrigins()]
    .filter(Boolean)
    .map((origin) => URL.parse(origin!)?.hostname);
  return own.includes(hostname);
}

/** The path and query of a request target, whatever its form (`/a?b`, `http://x/a?b`, `*`). */
function targetPath(target = '/'): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return '/';
  }
}

/** The web Request for a Node request; its URL is on the origin of the `Host` header (see originFromHost). */
export function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key.startsWith(':')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const origin = originFromHost(req.headers.host, `localhost:${req.socket.localPort}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // Origin and path joined as text: `new URL('//other.host/x', origin)` would leave the origin.
  return new Request(`${origin}${targetPath(req.url)}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // Required by undici for a streamed request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

export async function sendResponse(res: ServerResponse, response: Response, head = false): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (head || !response.body) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  // An API answer (small JSON) goes in one write with its length: streamed, it took a write for the head and
  // body and another for the chunked ending, each a costly system call on a loaded server.
  if (/^application\/(?:[\w.+-]+\+)?json\b/.test(response.headers.get('content-type') ?? '')) {
    const buffer = Buffer.from(await response.arrayBuffer());
    headers['content-length'] = String(buffer.length);
    res.writeHead(response.status, headers);
    res.end(buffer);
    return;
  }
  res.writeHead(response.status, headers);
  const body = Readable.fromWeb(response.body as NodeReadableStream);
  await new Promise<void>((resolve) => {
    body.on('error', () => res.destroy()).on('end', resolve);
    res.on('close', resolve);
    body.pipe(res);
  });
}

/** The client address. No proxy sits in front of the local server, so forwarded headers are not trusted. */
export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
}
