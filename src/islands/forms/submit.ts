/** Sending a form to its function from an island: one answer shape for success, field errors and outages. */
import { useCallback, useRef } from 'react';
import { firstTouch } from '../../lib/forms/attribution.schema.ts';

export type SubmitResult<T> =
  { ok: true; data: T } | { ok: false; message: string; fields?: Record<string, string>; status: number };

/** POSTs JSON and reads the API's answer; a network failure becomes a result, never a throw. */
export async function postJson<T>(url: string, body: unknown): Promise<SubmitResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: 'We could not reach our server. Check your connection and try again.' };
  }
  const payload = (await response.json().catch(() => null)) as
    (T & { error?: { message?: string; fields?: Record<string, string> } }) | null;
  if (response.ok && payload) return { ok: true, data: payload };
  return {
    ok: false,
    status: response.status,
    message: payload?.error?.message ?? `The server answered ${response.status}. Please try again.`,
    fields: payload?.error?.fields,
  };
}

/**
 * The spam-defence, double-submit and attribution fields of a form (docs/decisions/0008, 0009, 0032): when it was
 * shown, one idempotency key per submit that is kept across retries of the same answers and renewed after
 * success, and the visit's first touch.
 */
export function useSubmitMeta() {
  const startedAt = useRef(Date.now());
  const key = useRef<string | null>(null);
  const meta = useCallback(() => {
    key.current ??= crypto.randomUUID();
    return { fillMs: Date.now() - startedAt.current, idempotencyKey: key.current, attribution: firstTouch() };
  }, []);
  const renew = useCallback(() => {
    key.current = null;
    startedAt.current = Date.now();
  }, []);
  return { meta, renew };
}
