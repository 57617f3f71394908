// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Portal } from '../../../src/islands/admin/shell/Portal.tsx';
import { SubmissionsTab } from '../../../src/islands/admin/submissions/SubmissionsTab.tsx';
import { button, click, edit, json } from './report-harness.tsx';
import { staffMe } from './staff-me.ts';

const row = (id: string, status: string, overdue: boolean) => ({
  id,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  status,
  source: 'intake',
  companyName: `Lab ${id}`,
  contactName: 'Ada',
  contactEmail: 'ada@lab.example',
  serviceType: null,
  isSpam: false,
  reviewDueAt: '2026-03-02T09:00:00.000Z',
  auditDueAt: '2026-03-04T09:00:00.000Z',
  reviewOverdue: overdue && status === 'pending',
  auditOverdue: overdue,
});

let root: Root | undefined;

async function mount(node: ReactNode, ready = '[data-submission="a"]') {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/admin/submissions/overdue') return json(200, { review: 1, audit: 2 });
      // The portal opens on the Leads tab: no lead, none overdue.
      if (url === '/api/admin/leads/overdue') return json(200, { response: 0 });
      if (url.startsWith('/api/admin/leads')) return json(200, { items: [], total: 0, page: 1, pageSize: 50 });
      const items = [row('a', 'pending', true), row('b', 'completed', false)];
      return json(200, { items, total: 2, page: 1, pageSize: 50 });
    }),
  );
  const el = document.body.appendChild(document.createElement('div'));
  root = createRoot(el);
  await act(async () => root!.render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>));
  await vi.waitFor(() => expect(el.querySelector(ready)).not.toBeNull());
  return { el, urls };
}

afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const select = (el: HTMLElement, label: string) => {
  const target = [...el.querySelectorAll('label')].find((l) => l.textContent === label)!;
  return document.getElementById(target.htmlFor) as HTMLSelectElement;
};

describe('the clock in the submissions list', () => {
  it('shows when each is due, badged when overdue, and nothing due once completed', async () => {
    const { el } = await mount(<SubmissionsTab canEdit={false} />);
    const due = (id: string) => el.querySelector(`[data-submission="${id}"]`)!.textContent;
    expect(due('a')).toContain('Review due Mar 02, 2026');
    expect(el.querySelectorAll('[data-submission="a"] [data-tone="red"]')).toHaveLength(2);
    expect(due('b')).toContain('Completed');
    expect(due('b')).not.toContain('Overdue');
  });

  it('filters by what is overdue and sorts by due time through the list query', async () => {
    const { el, urls } = await mount(<SubmissionsTab canEdit={false} />);
    expect([...select(el, 'Due').options].map((o) => o.text)).toEqual([
      'All',
      'Overdue',
      'Review overdue',
      'Audit overdue',
    ]);
    await edit(select(el, 'Due'), 'review');
    await vi.waitFor(() => expect(urls).toContain('/api/admin/submissions?due=review'));
    await edit(select(el, 'Sort'), 'due');
    await vi.waitFor(() => expect(urls).toContain('/api/admin/submissions?due=review&sort=due'));
  });

  it('counts the overdue in the portal header, which opens the overdue list, earliest due first', async () => {
    const me = staffMe();
    const { el, urls } = await mount(<Portal me={me} />, '[data-overdue]');
    expect(el.querySelector('[data-overdue]')!.textContent).toBe('Overdue: 1 review, 2 audits (show them)');
    await click(button(el, 'Overdue: 1 review, 2 audits (show them)'));
    await vi.waitFor(() => expect(urls).toContain('/api/admin/submissions?due=overdue&sort=due'));
    expect(select(el, 'Due').value).toBe('overdue');
  });
});
