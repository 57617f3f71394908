// @vitest-environment happy-dom
/**
 * The portal's live updates (src/islands/admin/shell/live-leads.ts): the second poll sends the ETag and takes a 304 as
 * "nothing changed"; a new revision refreshes the leads' queries; the title counts the waiting leads; a hidden tab
 * polls nothing until it is seen again. Timers are Vitest's: the 20-second interval is advanced, not waited for.
 */
import { focusManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_INTERVAL_MS, LiveLeads } from '../../../src/islands/admin/shell/live-leads.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let revision = 'r1';
let waiting = 2;
const sentTags: (string | null)[] = [];
let leadsFetched = 0;
let root: Root;

function Leads() {
  useQuery({ queryKey: ['leads', 'list'], queryFn: async () => ++leadsFetched });
  return null;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  document.title = 'Staff Portal | Bolesta';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const tag = new Headers(init.headers).get('If-None-Match');
      sentTags.push(tag);
      if (tag === `"${revision}"`) return new Response(null, { status: 304 });
      return new Response(JSON.stringify({ revision, waiting }), {
        headers: { 'content-type': 'application/json', ETag: `"${revision}"` },
      });
    }),
  );
  const el = document.body.appendChild(document.createElement('div'));
  root = createRoot(el);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LiveLeads />
        <Leads />
      </QueryClientProvider>,
    ),
  );
});

afterEach(async () => {
  await act(async () => root.unmount());
  focusManager.setFocused(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sentTags.length = 0;
  leadsFetched = 0;
});

const tick = () => act(async () => vi.advanceTimersByTimeAsync(LIVE_INTERVAL_MS));

describe('the live leads', () => {
  it('polls with the ETag, refreshes the leads on a new revision, counts the waiting leads, and rests while hidden', async () => {
    await vi.waitFor(() => expect(document.title).toBe('(2) Staff Portal | Bolesta'));
    expect(sentTags).toEqual([null]);
    const fetchedAtStart = leadsFetched;

    await tick(); // nothing changed: 304, the leads are not asked again
    expect(sentTags).toEqual([null, '"r1"']);
    expect(leadsFetched).toBe(fetchedAtStart);

    revision = 'r2';
    waiting = 3;
    await tick(); // a colleague's change: a new revision refreshes the leads
    expect(sentTags).toHaveLength(3);
    await vi.waitFor(() => expect(leadsFetched).toBe(fetchedAtStart + 1));
    expect(document.title).toBe('(3) Staff Portal | Bolesta');

    await act(async () => focusManager.setFocused(false)); // the tab is hidden
    await tick();
    await tick();
    expect(sentTags).toHaveLength(3);
  });
});
