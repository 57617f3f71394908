/** The report editor's island tests: a report as the API answers it, a fetch that routes, and typing. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';
import { emptyArea, reportAreaIds, type ReportArea, type ReportAreaId } from '../../../src/lib/audit-report.ts';
import type { Json } from '../../../src/lib/json.ts';
import type { ReportDetail } from '../../../src/features/reports/contract.ts';
import ReportEditor from '../../../src/islands/admin/shared/report/ReportEditor.tsx';
import { createSessionStore, SessionContext } from '../../../src/islands/admin/shared/session-store.ts';
import type { Me } from '../../../src/islands/admin/shared/portal-session.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const SUBMISSION = '11111111-2222-3333-4444-555555555555';

/** A report as `GET /api/admin/reports/:id` answers it: the website scored by the rules, nothing else. */
export function detail(overrides: Partial<Json<ReportDetail>> = {}): Json<ReportDetail> {
  const areas = Object.fromEntries(reportAreaIds.map((id) => [id, emptyArea()])) as Record<ReportAreaId, ReportArea>;
  areas.website = { ...emptyArea(), score: 2 };
  const prefill = Object.fromEntries(reportAreaIds.map((id) => [id, null])) as Json<ReportDetail>['prefill'];
  prefill.website = {
    score: 2,
    reasons: [
      { field: 'hasWebsite', label: 'Do you have a website?', answer: 'Yes', note: 'A website exists to improve.' },
      { field: 'websiteAge', label: 'How old is it?', answer: 'Over 5 years', note: 'An old site scores low.' },
    ],
  };
  return {
    submissionId: SUBMISSION,
    companyName: 'Helix Assays',
    contactName: 'Ada Lovelace',
    contactEmail: 'ada@helix.example',
    source: 'intake',
    status: 'pending',
    revision: 4,
    summary: '',
    areas,
    prefill,
    updatedAt: '2026-03-02T10:00:00.000Z',
    updatedBy: 'bo@agency.example',
    packages: [
      { slug: 'kit', title: 'LinkedIn Content Kit', price: 1200, period: 'per month', billing: 'monthly' },
      { slug: 'video', title: 'Branded Video', price: 3000, period: 'per video', billing: 'one-off' },
      { slug: 'custom', title: 'Custom Retainer', price: null, period: 'custom', billing: 'custom' },
    ],
    totals: { monthly: 0, oneOff: 0, onRequest: [] },
    deliveries: [],
    clock: {
      reviewDueAt: '2026-03-02T09:00:00.000Z',
      auditDueAt: '2026-03-04T09:00:00.000Z',
      reviewOverdue: true,
      auditOverdue: false,
    },
    ...overrides,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export interface Call {
  method: string;
  url: string;
  body: unknown;
  keepalive: boolean;
}

/** A fetch answering `GET` with `report` and anything else with `answer`; records every call. */
export function routeFetch(report: Json<ReportDetail>, answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(init.body as string) : undefined,
      keepalive: init.keepalive === true,
    };
    calls.push(call);
    return call.method === 'GET' ? json(200, report) : answer(call);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const roots: Root[] = [];

/** Each test on fake timers and an empty localStorage; its editors unmounted and its fetch restored after. */
export function useEditorTests() {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(async () => {
    await unmountAll();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** Unmounts every editor of the test, so none still listens to the page's events in the next. */
export async function unmountAll() {
  await act(async () => roots.splice(0).forEach((root) => root.unmount()));
  document.body.innerHTML = '';
}

/** The signed-in user of the editors a test mounts, unless it names another. */
export const EDITOR_ID = 'user-ada';

/**
 * Renders the editor and lets its report load (fake timers: React Query schedules with them), signed in as
 * `user` (the gate's session store, whose user the kept drafts belong to).
 */
export async function mountEditor(canEdit = true, user = EDITOR_ID) {
  const el = document.body.appendChild(document.createElement('div'));
  const root = createRoot(el);
  roots.push(root);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = createSessionStore({ user: { id: user, email: `${user}@agency.example` }, roles: ['editor'] } as Me);
  const onBack = vi.fn();
  await act(async () =>
    root.render(
      <SessionContext value={session}>
        <QueryClientProvider client={client}>
          <ReportEditor submissionId={SUBMISSION} canEdit={canEdit} onBack={onBack} />
        </QueryClientProvider>
      </SessionContext>,
    ),
  );
  await wait(10);
  return { el, onBack };
}

/** Lets `ms` of fake time pass, running what it schedules. */
export const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Sets a textarea's or select's value the way a browser does, with its event. */
export async function edit(control: HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLTextAreaElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

/** The control labelled `label` inside the area `area` (or the whole editor). */
export function control<T extends HTMLElement>(el: HTMLElement, label: string, area?: string): T {
  const scope = area ? el.querySelector<HTMLElement>(`[data-area="${area}"]`)! : el;
  const target = [...scope.querySelectorAll('label')].find((l) => l.textContent === label);
  if (!target) throw new Error(`No field labelled ${label}`);
  return el.ownerDocument.getElementById(target.htmlFor) as T;
}

export const button = (el: HTMLElement, text: string) =>
  [...el.ownerDocument.querySelectorAll('button')].find((b) => b.textContent === text);

export const click = (el: HTMLElement | undefined) => act(async () => el!.click());
