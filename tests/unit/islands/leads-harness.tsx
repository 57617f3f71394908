/** The leads' island tests: a lead, its requests and timeline as the API answers them, and a fetch that routes. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, vi } from 'vitest';
import { PortalBrandContext } from '../../../src/islands/admin/shared/portal-brand.ts';
import type { Me } from '../../../src/islands/admin/shared/portal-session.ts';
import { json } from './report-harness.tsx';
import { staffMe } from './staff-me.ts';

export const LEAD = 'lead-1';
/** Where the lead's answer goes with replies set up (MAIL_REPLY_DOMAIN): its own address, onto the timeline. */
export const REPLY_TO = { address: 'reply+0a1b2c@replies.agency.example', toTimeline: true };
export const ada = { id: 'u1', name: 'Ada', email: 'ada@agency.example' };
export const bo = { id: 'u2', name: 'Bo', email: 'bo@agency.example' };

export const lead = (values: Record<string, unknown> = {}) => ({
  id: LEAD,
  email: 'grace@acme.example',
  name: 'Grace Hopper',
  company: 'Acme Bioanalytical',
  phone: '+1 215 555 0134',
  requestCount: 2,
  forms: ['message', 'contact_page'],
  ownerId: null,
  owner: null,
  state: 'overdue',
  isSpam: false,
  firstRequestAt: '2026-03-01T09:00:00.000Z',
  lastActivityAt: '2026-03-01T10:00:00.000Z',
  awaitingSince: '2026-03-01T09:00:00.000Z',
  responseDueAt: '2026-03-02T09:00:00.000Z',
  firstResponseAt: null,
  lastResponseAt: null,
  isClient: false,
  stage: 'new',
  stageEnteredAt: '2026-03-01T09:00:00.000Z',
  value: null,
  expectedCloseOn: null,
  lostReason: null,
  lostNote: '',
  ...values,
});

export const answered = lead({
  id: 'lead-2',
  email: 'rosalind@helix.example',
  name: 'Rosalind Franklin',
  company: 'Helix CDMO',
  requestCount: 1,
  forms: ['intake'],
  ownerId: 'u2',
  owner: bo,
  state: 'answered',
  awaitingSince: null,
  responseDueAt: null,
  firstResponseAt: '2026-03-01T12:20:00.000Z',
  lastResponseAt: '2026-03-01T12:20:00.000Z',
});

export const message = {
  kind: 'message',
  id: 'm1',
  name: 'Grace Hopper',
  email: 'grace@acme.example',
  company: 'Acme Bioanalytical',
  message: 'We need help with LinkedIn before CPHI.',
  subscribe: false,
  consentVersion: '1',
  consentedAt: '2026-03-01T09:00:00.000Z',
  status: 'unread',
  isSpam: false,
  spamReason: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};

export const audit = {
  kind: 'audit',
  id: 's1',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  status: 'pending',
  source: 'contact_page',
  companyName: 'Acme Bioanalytical',
  contactName: 'Grace Hopper',
  contactEmail: 'GRACE@acme.example',
  serviceType: 'cro',
  isSpam: false,
  reviewDueAt: '2026-03-02T10:00:00.000Z',
  auditDueAt: '2026-03-04T10:00:00.000Z',
  reviewOverdue: false,
  auditOverdue: false,
};

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();
const soon = new Date(Date.now() + 10 * 60_000).toISOString();

export const timeline = [
  {
    kind: 'message',
    at: at(0),
    id: 'm1',
    message: 'We need help with LinkedIn before CPHI.',
    status: 'unread',
    isSpam: false,
  },
  {
    kind: 'mail',
    at: at(1),
    id: 'x1',
    mailKind: 'contact.confirmation',
    subject: 'We got your message',
    status: 'sent',
    sentAt: at(1),
    lastError: null,
  },
  {
    kind: 'audit',
    at: at(2),
    id: 's1',
    source: 'contact_page',
    companyName: 'Acme Bioanalytical',
    status: 'pending',
    isSpam: false,
  },
  { kind: 'owner', at: at(3), id: 'e1', from: null, to: bo, actorEmail: 'bo@agency.example' },
  {
    kind: 'note',
    at: at(4),
    id: 'n1',
    body: 'Called, no answer.',
    authorId: 'u2',
    authorEmail: 'bo@agency.example',
    deletableUntil: soon,
  },
  {
    kind: 'note',
    at: at(5),
    id: 'n2',
    body: 'My own note.',
    authorId: 'u1',
    authorEmail: 'ada@agency.example',
    deletableUntil: soon,
  },
  {
    kind: 'reply',
    at: at(6),
    id: 'r1',
    subject: 'Re: your message to Bolesta',
    body: 'Happy to help.',
    actorEmail: 'ada@agency.example',
    replyTo: 'bo@agency.example',
    mail: {
      mailKind: 'lead.reply',
      subject: 'Re: your message to Bolesta',
      status: 'failed',
      sentAt: null,
      lastError: 'Resend answered 422',
    },
  },
  {
    kind: 'status',
    at: at(7),
    id: 'a1',
    target: 'message',
    targetId: 'm1',
    from: 'unread',
    to: 'replied',
    actorEmail: 'ada@agency.example',
    via: 'reply',
  },
  { kind: 'elsewhere', at: at(8), id: 'e2', body: 'Spoke on the phone.', actorEmail: 'bo@agency.example' },
  { kind: 'report', at: at(9), id: 'd1', submissionId: 's1', version: 2 },
];

export const submissionDetail = {
  submission: {
    id: 's1',
    source: 'contact_page',
    status: 'pending',
    companyName: 'Acme Bioanalytical',
    contactName: 'Grace Hopper',
    contactEmail: 'GRACE@acme.example',
    isSpam: false,
    spamReason: null,
    createdAt: audit.createdAt,
    updatedAt: audit.updatedAt,
  },
  sections: [{ title: 'Company Profile', rows: [['Company name', 'Acme Bioanalytical']] }],
  documents: [],
};

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Answer = (call: Call) => Response | undefined;

let root: Root | undefined;

/** Mounts `node` with a fetch that answers the leads' API (and `answer` first, when it answers). */
export async function mount(node: ReactNode, answer: Answer = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(init.body as string) : undefined };
      calls.push(call);
      const own = answer(call);
      if (own) return own;
      if (url === '/api/admin/leads/overdue') return json(200, { response: 2 });
      if (url === '/api/admin/submissions/overdue') return json(200, { review: 0, audit: 0 });
      if (url === '/api/admin/leads/staff') return json(200, { items: [ada, bo] });
      if (url === `/api/admin/leads/${LEAD}`)
        return json(200, { lead: lead(), requests: [audit, message], timeline, replyTo: REPLY_TO });
      if (url === '/api/admin/submissions/s1') return json(200, submissionDetail);
      if (url.startsWith('/api/admin/leads'))
        return json(200, { items: [lead(), answered], total: 2, page: 1, pageSize: 50 });
      return json(200, { items: [], total: 0, page: 1, pageSize: 50 });
    }),
  );
  const el = document.body.appendChild(document.createElement('div'));
  root = createRoot(el);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root!.render(
      <QueryClientProvider client={client}>
        <PortalBrandContext value={{ agencyName: 'Bolesta', auditName: 'Lift Audit™' }}>{node}</PortalBrandContext>
      </QueryClientProvider>,
    ),
  );
  return { el, calls };
}

/** Unmounts the island and restores fetch, confirm and the address after each test. */
export function useLeadsTests() {
  afterEach(async () => {
    await act(async () => root?.unmount());
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    history.replaceState(null, '', '/');
  });
}

export const labelled = <T extends HTMLElement>(el: HTMLElement, label: string): T => {
  const target = [...el.querySelectorAll('label')].find((l) => l.textContent?.replace(' *', '') === label);
  if (!target) throw new Error(`No control labelled ${label}`);
  return document.getElementById(target.htmlFor) as T;
};

/** Types into an input or textarea the way a browser does. */
export async function type(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = control instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const editor = (): Me => staffMe({}, { roles: ['editor'] });
export const posts = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
export const leadUrls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && /^\/api\/admin\/leads(\?|$)/.test(c.url)).map((c) => c.url);
