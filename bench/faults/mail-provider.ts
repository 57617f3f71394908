/**
 * The mail provider of `npm run bench:faults`: a stand-in of Resend's `POST /emails` (the real SDK reaches it
 * through RESEND_BASE_URL) that keeps every mail it delivers, with Resend's idempotency: a second request with an
 * `Idempotency-Key` it has seen answers the first one's id and delivers nothing. The bench switches its mode:
 * - `ok`: delivers and answers 200 `{ id }`;
 * - `500`: answers 500 `internal_server_error`, delivers nothing;
 * - `429`: answers 429 `rate_limit_exceeded` with `Retry-After`, delivers nothing;
 * - `hang`: delivers, and never answers (the answer lost: only the idempotency key keeps a retry from sending
 *   the mail twice).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';

export type ProviderMode = 'ok' | '500' | '429' | 'hang';

export interface Delivery {
  id: string;
  /** The request's `Idempotency-Key`, or null when it had none. */
  key: string | null;
  to: string;
  subject: string;
  text: string;
  at: number;
}

export interface MailProvider {
  url: string;
  mode: ProviderMode;
  /** Every mail delivered (a replay under a known key is not one). */
  deliveries: Delivery[];
  /** Requests answered, by outcome: `sent`, `replayed`, `500`, `429`, `hung`. */
  requests: Record<string, number>;
  /** Forgets what it delivered (between scenarios). */
  reset(): void;
  close(): Promise<void>;
}

const RETRY_AFTER_SECONDS = 20;

export async function startMailProvider(port: number): Promise<MailProvider> {
  const byKey = new Map<string, string>();
  const hung = new Set<ServerResponse>();
  const provider: MailProvider = {
    url: `http://127.0.0.1:${port}`,
    mode: 'ok',
    deliveries: [],
    requests: {},
    reset() {
      byKey.clear();
      provider.deliveries = [];
      provider.requests = {};
      provider.mode = 'ok';
    },
    close: () =>
      new Promise((resolve) => {
        for (const response of hung) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const count = (outcome: string) => (provider.requests[outcome] = (provider.requests[outcome] ?? 0) + 1);
  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    if (request.method !== 'POST' || new URL(request.url ?? '/', 'http://x').pathname !== '/emails')
      return send(response, 404, { statusCode: 404, name: 'not_found', message: 'Only POST /emails here' });
    const mode = provider.mode;
    if (mode === '500') {
      count('500');
      return send(response, 500, { statusCode: 500, name: 'internal_server_error', message: 'Stand-in failure' });
    }
    if (mode === '429') {
      count('429');
      return send(
        response,
        429,
        { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests' },
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      );
    }
    const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const known = key ? byKey.get(key) : undefined;
    let id = known;
    if (!id) {
      const mail = JSON.parse(raw) as { to: string[] | string; subject: string; text?: string };
      id = randomUUID();
      if (key) byKey.set(key, id);
      const to = Array.isArray(mail.to) ? mail.to.join(',') : mail.to;
      provider.deliveries.push({ id, key, to, subject: mail.subject, text: mail.text ?? '', at: Date.now() });
    }
    if (mode === 'hang') {
      count('hung');
      hung.add(response);
      response.once('close', () => hung.delete(response));
      return; // delivered, never answered
    }
    count(known ? 'replayed' : 'sent');
    send(response, 200, { id });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return provider;
}
