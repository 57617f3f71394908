// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MailTab, TEST_MAIL_WATCH } from '../../../src/islands/admin/mail/MailTab.tsx';
import { button, click, json, wait } from './report-harness.tsx';

const ID = '0b6c8f0e-3f7e-4c3b-9d7e-2d3f4a5b6c7d';

const mail = (values: Record<string, unknown> = {}) => ({
  id: ID,
  kind: 'mail.test',
  to: 'staff@bolesta.example',
  subject: 'Test mail',
  status: 'pending',
  attempts: 0,
  lastError: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  lastAttemptAt: null,
  sentAt: null,
  ...values,
});

const failed = mail({
  id: 'f1',
  kind: 'audit.staff',
  subject: 'New Lift Audit request',
  status: 'failed',
  attempts: 10,
  lastError: 'Resend answered 422 (validation_error): Invalid `to` field.',
  lastAttemptAt: '2026-03-01T10:00:00.000Z',
});
const retrying = mail({ id: 'r1', kind: 'contact.staff', status: 'pending', attempts: 3, lastError: 'timed out' });

interface Call {
  method: string;
  url: string;
}

let root: Root | undefined;

/** Mounts the tab with `states` as the successive answers of `GET /api/admin/mail/:id`. */
async function mount(states: Record<string, unknown>[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      if (url === '/api/admin/mail/test') return json(201, { mail: mail() });
      if (url.endsWith('/retry')) return json(200, { mail: { ...failed, status: 'pending', attempts: 0 } });
      if (url === `/api/admin/mail/${ID}`) return json(200, { mail: states.shift() ?? mail() });
      if (url === '/api/admin/mail/unmatched') return json(200, { items: [] });
      return json(200, { items: [failed, retrying], total: 2, page: 1, pageSize: 50 });
    }),
  );
  const el = document.body.appendChild(document.createElement('div'));
  root = createRoot(el);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root!.render(
      <QueryClientProvider client={client}>
        <MailTab />
      </QueryClientProvider>,
    ),
  );
  await wait(10);
  return { el, calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const status = (el: HTMLElement) => el.querySelector('[role="status"]')!;

describe('the test mail', () => {
  it('sends, watches the mail and says it was sent, in a live region', async () => {
    const { el, calls } = await mount([mail(), mail({ status: 'sent', sentAt: '2026-03-01T09:00:02.000Z' })]);
    expect(status(el).textContent).toBe('');
    await click(button(el, 'Send a test mail'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/mail/test']);
    expect(status(el).textContent).toBe('Queued for staff@bolesta.example; sending…');
    expect(button(el, 'Sending…')?.disabled).toBe(true);
    await wait(TEST_MAIL_WATCH.everyMs * 2);
    expect(status(el).textContent).toMatch(/^Sent to staff@bolesta\.example at \d{2}:\d{2}\. Check the staff inbox\.$/);
    expect(calls.filter((c) => c.url === `/api/admin/mail/${ID}`)).toHaveLength(2);
    expect(button(el, 'Send a test mail')?.disabled).toBe(false);
  });

  it('says the provider refused it, with the reason', async () => {
    const { el } = await mount([
      mail({ status: 'pending', attempts: 1, lastError: 'Resend answered 401: API key is invalid' }),
    ]);
    await click(button(el, 'Send a test mail'));
    await wait(TEST_MAIL_WATCH.everyMs);
    expect(status(el).textContent).toBe(
      'Not sent: the mail provider refused it: Resend answered 401: API key is invalid The outbox tries it again later.',
    );
  });

  it('stops watching after a while and says the mail is still pending', async () => {
    const { el, calls } = await mount([]);
    await click(button(el, 'Send a test mail'));
    await wait(TEST_MAIL_WATCH.everyMs * (TEST_MAIL_WATCH.tries + 2));
    expect(status(el).textContent).toMatch(/^Still pending: it waits in the outbox/);
    expect(calls.filter((c) => c.url === `/api/admin/mail/${ID}`)).toHaveLength(TEST_MAIL_WATCH.tries);
  });
});

describe('the failed mail', () => {
  it('lists each with its reason, and retries a failed one (a retrying one has no button)', async () => {
    const { el, calls } = await mount([]);
    const table = el.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Failed mail, latest tried first');
    const row = table.querySelector('[data-mail="f1"]')!;
    expect(row.textContent).toContain('Resend answered 422 (validation_error): Invalid `to` field.');
    expect(row.textContent).toContain('audit.staff');
    expect(table.querySelector('[data-mail="r1"]')!.textContent).toContain('Retried automatically');
    expect(table.querySelector('[data-mail="r1"] button')).toBeNull();

    await click(button(el, 'Retry the mail “New Lift Audit request” to staff@bolesta.example'));
    await wait(10);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/mail/f1/retry']);
    // The list is read again after the retry.
    expect(calls.filter((c) => c.url === '/api/admin/mail')).toHaveLength(2);
  });
});
