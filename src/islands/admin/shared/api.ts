/**
 * The portal's calls to `/api/admin/*`: JSON in, JSON out, one error type with the API's message (also the error
 * of the calls to `/api/auth/*`, which go through better-auth's client in auth-client.ts).
 */

import { ApiError } from '../../../lib/api-error.ts';
import { clearReportDrafts } from './report-drafts.ts';

// A refused call: the API's code and message (e.g. `user_not_found`, 'User with this email not found'), the
// same class the server throws.
export { ApiError };

/**
 * Calls the API; resolves with the JSON answer (or null for 204), rejects with an ApiError. `keepalive` lets
 * the request outlive the page (the report editor's last save as its tab closes).
 */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; keepalive?: boolean } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        init.body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      ...(init.keepalive && { keepalive: true }),
    });
  } catch {
    throw new ApiError(0, 'network', 'The server could not be reached. Check your connection.');
  }
  if (response.status === 204) return null as T;
  // The session ended: whoever signs in next in this browser must not be offered this one's report drafts.
  if (response.status === 401) clearReportDrafts();
  const payload = (await response.json().catch(() => null)) as
    | (T & {
        error?: { code?: string; message?: string; fields?: Record<string, string> };
        message?: string;
        code?: string;
      })
    | null;
  if (response.ok) return payload as T;
  // Admin functions answer { error: { code, message } }; better-auth answers { code, message }.
  const code = payload?.error?.code ?? payload?.code ?? 'error';
  const message = payload?.error?.message ?? payload?.message ?? `The server answered ${response.status}.`;
  throw new ApiError(response.status, code, message, payload?.error?.fields);
}

/** A query string of the filters that are set. */
export const query = (params: Record<string, string | number | boolean | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== false) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Downloads a file from the API into the browser's downloads, rejecting with the API's message. */
export async function download(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' }).catch(() => null);
  if (!response) throw new ApiError(0, 'network', 'The server could not be reached.');
  if (!response.ok) {
    if (response.status === 401) clearReportDrafts();
    const payload = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(
      response.status,
      payload?.error?.code ?? 'error',
      payload?.error?.message ?? `The server answered ${response.status}.`,
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
