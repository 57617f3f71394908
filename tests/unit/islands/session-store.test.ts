// The portal's gate reads who is signed in without TanStack Query (src/islands/admin/shared/session-store.ts,
// decision 48): as the query did, a refusal is an answer, a failure is tried again, and the newest check wins.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../src/islands/admin/shared/session-store.ts';
import { staffMe } from './staff-me.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, code: string) => json(status, { error: { code, message: code } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the portal session store', () => {
  it('reads the user, and a 401 as nobody signed in', async () => {
    const me = staffMe();
    const answers = [json(200, me), failure(401, 'unauthenticated')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    const store = createSessionStore();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.state().status));
    expect(store.state()).toEqual({ status: 'pending' });
    await store.check();
    expect(store.me()).toEqual(me);
    await store.check();
    expect(store.state()).toEqual({ status: 'ready', me: null });
    expect(seen).toEqual(['ready', 'ready']);
  });

  it('tries a failure again 3 times, 1, 2 and 4 s apart, then shows it; a refusal at once', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => failure(503, 'unavailable'));
    vi.stubGlobal('fetch', fetch);
    const store = createSessionStore();
    const done = store.check();
    await vi.advanceTimersByTimeAsync(6_999);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(store.state().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(store.state()).toMatchObject({ status: 'error', error: { message: 'unavailable' } });

    fetch.mockClear().mockImplementation(async () => failure(403, 'forbidden'));
    await store.check();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.state()).toMatchObject({ status: 'error', error: { status: 403 } });
  });

  it("takes the newest check's answer, not that of an older one still under way", async () => {
    const me = staffMe();
    let answerOld: (response: Response) => void = () => {};
    const fetch = vi
      .fn<() => Promise<Response>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)))
      .mockImplementationOnce(async () => json(200, me));
    vi.stubGlobal('fetch', fetch);
    const store = createSessionStore();
    const older = store.check(); // before the sign-in
    await store.check(); // after it
    answerOld(failure(401, 'unauthenticated'));
    await older;
    expect(store.me()).toEqual(me);
  });
});
