/** Mounting a portal island in happy-dom for a test: in a fresh element, inside the query client it needs. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { createRoot } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders `node` into a new element of the page and returns that element once React has settled. */
export async function mountWithQueries(node: ReactNode): Promise<HTMLElement> {
  const el = document.body.appendChild(document.createElement('div'));
  await act(async () =>
    createRoot(el).render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>),
  );
  return el;
}

/**
 * Waits until the portal's lazy chunks (each tab, Account security: `[data-tab-loading]` while fetched) are in.
 * A chunk resolves on its own: this waits for what the element shows, never for a time.
 */
export async function chunksIn(el: HTMLElement): Promise<void> {
  await vi.waitFor(async () => {
    await act(async () => {}); // lets React commit what resolved
    expect(el.querySelector('[data-tab-loading]')).toBeNull();
  });
}
