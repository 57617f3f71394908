/** Calls a function handler the way the runtime does, and waits for the work it hands to waitUntil. */
import { expect } from 'vitest';
import type { FnContext, Handler } from '../../src/server/http.ts';

export const origin = 'http://localhost:4321';

let ipCounter = 0;
/** A fresh client address per call unless one is given, so the per-IP rate limit stays out of the way. */
export const nextIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

export interface CallOptions {
  method?: string;
  /** `null` sends no Origin header. */
  origin?: string | null;
  ip?: string;
  /** A raw body instead of `JSON.stringify(body)`. */
  raw?: BodyInit;
  type?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /** Collects the work handed to waitUntil here instead of waiting for it: the answer comes as the runtime sends it. */
  background?: Promise<unknown>[];
}

/** POSTs `body` as JSON (or `raw`) to `handler` at `path`; resolves after its background work settled. */
export async function call(handler: Handler, path: string, body?: unknown, init: CallOptions = {}): Promise<Response> {
  const background: Promise<unknown>[] = init.background ?? [];
  const headers = new Headers({ 'content-type': init.type ?? 'application/json', ...init.headers });
  if (init.origin !== null) headers.set('origin', init.origin ?? origin);
  const method = init.method ?? 'POST';
  const url = new URL(path, origin);
  const context: FnContext = {
    ip: init.ip ?? nextIp(),
    params: init.params ?? {},
    requestId: 'test',
    url,
    waitUntil: (promise) => void background.push(promise),
  };
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const request = new Request(url, {
    method,
    headers,
    body: hasBody ? (init.raw ?? (body === undefined ? undefined : JSON.stringify(body))) : undefined,
  });
  const response = await handler(request, context);
  if (!init.background) await Promise.all(background);
  return response;
}

/**
 * The guards of a public POST endpoint, each answered before anything is counted or stored: a foreign Origin and a
 * missing one 403, any other method 405. `send` posts `body` with the options given.
 */
export async function expectPublicPostGuards(
  send: (body: unknown, init: CallOptions) => Promise<Response>,
  body: unknown,
): Promise<void> {
  expect((await send(body, { origin: 'https://evil.example' })).status).toBe(403);
  expect((await send(body, { origin: null })).status).toBe(403);
  expect((await send(undefined, { method: 'GET' })).status).toBe(405);
}
