// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LeadPage from '../../../src/islands/admin/LeadPage.tsx';
import { LeadsTab } from '../../../src/islands/admin/LeadsTab.tsx';
import { Portal } from '../../../src/islands/admin/Portal.tsx';
import { PortalBrandContext } from '../../../src/islands/admin/portal-brand.ts';
import type { Me } from '../../../src/islands/admin/portal-session.ts';
import { button, click, edit, json } from './report-harness.tsx';
import { staffMe } from './staff-me.ts';

const LEAD = 'lead-1';
const ada = { id: 'u1', name: 'Ada', email: 'ada@agency.example' };
const bo = { id: 'u2', name: 'Bo', email: 'bo@agency.example' };

const lead = (values: Record<string, unknown> = {}) => ({
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
  ...values,
});

const answered = lead({
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

const message = {
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

const audit = {
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

const timeline = [
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

const submissionDetail = {
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

interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Answer = (call: Call) => Response | undefined;

let root: Root | undefined;

/** Mounts `node` with a fetch that answers the leads' API (and `answer` first, when it answers). */
async function mount(node: ReactNode, answer: Answer = () => undefined) {
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
      if (url === `/api/admin/leads/${LEAD}`) return json(200, { lead: lead(), requests: [audit, message], timeline });
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

afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

const labelled = <T extends HTMLElement>(el: HTMLElement, label: string): T => {
  const target = [...el.querySelectorAll('label')].find((l) => l.textContent?.replace(' *', '') === label);
  if (!target) throw new Error(`No control labelled ${label}`);
  return document.getElementById(target.htmlFor) as T;
};

/** Types into an input or textarea the way a browser does. */
async function type(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = control instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const editor = (): Me => staffMe({}, { roles: ['editor'] });
const posts = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const leadUrls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && /^\/api\/admin\/leads(\?|$)/.test(c.url)).map((c) => c.url);

describe('the leads list', () => {
  it('shows each lead with its requests, owner and response, and sends the filters as query parameters', async () => {
    const { el, calls } = await mount(<LeadsTab me={editor()} view={{ key: 0, openId: null }} />);
    await vi.waitFor(() => expect(el.querySelector(`[data-lead="${LEAD}"]`)).not.toBeNull());
    const row = (id: string) => el.querySelector(`[data-lead="${id}"]`)!.textContent;
    expect(row(LEAD)).toContain('Grace Hopper');
    expect(row(LEAD)).toContain('grace@acme.example');
    expect(row(LEAD)).toContain('Contact form, Short audit form');
    expect(row(LEAD)).toContain('Unassigned');
    expect(row(LEAD)).toContain('Reply due Mar 02, 2026');
    expect(el.querySelector(`[data-lead="${LEAD}"] [data-tone="red"]`)?.textContent).toBe('Overdue');
    expect(row('lead-2')).toContain('Bo');
    expect(row('lead-2')).toContain('First response in 3 h 20 min');
    expect(leadUrls(calls)).toEqual(['/api/admin/leads']);

    await vi.waitFor(() => expect(labelled<HTMLSelectElement>(el, 'Owner').options).toHaveLength(5));
    expect([...labelled<HTMLSelectElement>(el, 'Owner').options].map((o) => o.text)).toEqual([
      'All',
      'Mine',
      'Unassigned',
      'Ada',
      'Bo',
    ]);
    await edit(labelled(el, 'Owner'), 'mine');
    await vi.waitFor(() => expect(leadUrls(calls)).toContain('/api/admin/leads?owner=mine'));
    await edit(labelled(el, 'Owner'), 'u2');
    await edit(labelled(el, 'State'), 'overdue');
    await edit(labelled(el, 'Form'), 'contact_page');
    await type(labelled(el, 'Search name, email or company'), 'acme');
    const spam = [...el.querySelectorAll('label')].find((l) => l.textContent === 'Spam only')!;
    await act(async () => spam.querySelector('input')!.click());
    const all = '/api/admin/leads?q=acme&spam=1&owner=u2&state=overdue&form=contact_page';
    await vi.waitFor(() => expect(leadUrls(calls)).toContain(all));
    const exportLink = [...el.querySelectorAll('a')].find((a) => a.textContent === 'Export CSV')!;
    expect(exportLink.getAttribute('href')).toBe(all.replace('/leads?', '/leads/export.csv?'));
  });

  it('opens a lead, and Back returns to the list with the focus on its Open button', async () => {
    const { el } = await mount(<LeadsTab me={editor()} view={{ key: 0, openId: null }} />);
    await vi.waitFor(() => expect(el.querySelector(`[data-open-lead="${LEAD}"]`)).not.toBeNull());
    await click(el.querySelector<HTMLButtonElement>(`[data-open-lead="${LEAD}"]`)!);
    await vi.waitFor(() => expect(el.querySelector('h3')?.textContent).toBe('Grace Hopper · Acme Bioanalytical'));
    expect(document.activeElement).toBe(el.querySelector('h3'));
    await click(button(el, '← Back to the leads'));
    await vi.waitFor(() => expect(document.activeElement).toBe(el.querySelector(`[data-open-lead="${LEAD}"]`)));
  });
});

describe('the lead page', () => {
  it('shows the person, the requests newest first and a timeline of every kind, oldest first', async () => {
    const { el } = await mount(<LeadPage id={LEAD} me={staffMe()} onBack={() => {}} />);
    await vi.waitFor(() => expect(el.querySelector('ol')).not.toBeNull());
    expect(el.textContent).toContain('+1 215 555 0134');
    expect([...el.querySelectorAll('[data-request]')].map((r) => r.getAttribute('data-request'))).toEqual([
      'audit',
      'message',
    ]);
    await vi.waitFor(() => expect(el.textContent).toContain('Company Profile'));
    expect(button(el, 'Open audit report')).toBeDefined();
    expect(el.querySelector('[data-request="message"]')!.textContent).toContain('We need help with LinkedIn');

    const entries = [...el.querySelectorAll('ol > li')];
    expect(entries.map((e) => e.getAttribute('data-kind'))).toEqual(timeline.map((e) => e.kind));
    expect(entries.map((e) => e.querySelector('time')!.getAttribute('dateTime'))).toEqual(timeline.map((e) => e.at));
    const text = (kind: string) => el.querySelector(`ol > li[data-kind="${kind}"]`)!.textContent;
    expect(text('message')).toMatch(/^Message.*by Grace Hopper/);
    expect(text('owner')).toContain('Nobody → Bo');
    expect(text('reply')).toContain('Happy to help.');
    expect(el.querySelector('[data-kind="reply"] [data-delivery]')!.getAttribute('data-delivery')).toBe('failed');
    expect(text('reply')).toContain('Resend answered 422');
    expect(el.querySelector('[data-kind="mail"] [data-delivery]')!.getAttribute('data-delivery')).toBe('sent');
    expect(text('status')).toContain('Message: unread → replied');
    expect(text('elsewhere')).toContain('Spoke on the phone.');
    expect(text('report')).toContain('Version 2 of the audit report');
  });

  it('shows a viewer no form and no button that changes anything', async () => {
    const { el } = await mount(<LeadPage id={LEAD} me={staffMe({ id: 'u1' })} onBack={() => {}} />);
    await vi.waitFor(() => expect(el.querySelector('ol')).not.toBeNull());
    expect(el.querySelectorAll('form, textarea, select')).toHaveLength(0);
    expect([...el.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      '← Back to the leads',
      'Open audit report',
    ]);
  });

  it('lets an editor claim the lead, assign it, write a note and reply, with the bodies the API takes', async () => {
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    const { el, calls } = await mount(<LeadPage id={LEAD} me={editor()} onBack={() => {}} />, (call) => {
      if (call.method === 'PUT')
        return json(200, { lead: lead({ ownerId: (call.body as { ownerId: string }).ownerId }) });
      if (call.url.endsWith('/notes')) return json(201, { note: timeline[5] });
      if (call.url.endsWith('/replies')) return json(201, { reply: timeline[6], lead: lead({ state: 'answered' }) });
      if (call.method === 'DELETE') return json(204, null);
      return undefined;
    });
    await vi.waitFor(() => expect(button(el, 'Claim')).toBeDefined());

    await click(button(el, 'Claim'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    await vi.waitFor(() => expect(labelled<HTMLSelectElement>(el, 'Owner').options.length).toBe(3));
    await edit(labelled(el, 'Owner'), 'u2');
    await click(button(el, 'Save owner'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(2));

    await type(labelled(el, 'Note'), 'Asked Bo to call.');
    expect(el.textContent).toContain('17 of 5,000 characters');
    await click(button(el, 'Add note'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(3));

    // The subject starts from the latest request, an audit request here.
    expect(labelled<HTMLInputElement>(el, 'Subject').value).toBe('Re: your Lift Audit request');
    await type(labelled(el, 'Reply'), 'Thank you, Grace.');
    await click(button(el, 'Send reply'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(4));

    // Only the viewer's own note, younger than 15 minutes, can be deleted.
    expect(el.querySelector('[data-kind="note"]')!.querySelector('button')).toBeNull();
    await click(el.querySelectorAll<HTMLElement>('[data-kind="note"]')[1]!.querySelector('button')!);
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(5));

    expect(posts(calls)).toEqual([
      { method: 'PUT', url: `/api/admin/leads/${LEAD}/owner`, body: { ownerId: 'u1' } },
      { method: 'PUT', url: `/api/admin/leads/${LEAD}/owner`, body: { ownerId: 'u2' } },
      { method: 'POST', url: `/api/admin/leads/${LEAD}/notes`, body: { body: 'Asked Bo to call.' } },
      {
        method: 'POST',
        url: `/api/admin/leads/${LEAD}/replies`,
        body: { subject: 'Re: your Lift Audit request', body: 'Thank you, Grace.' },
      },
      { method: 'DELETE', url: `/api/admin/leads/${LEAD}/notes/n2`, body: undefined },
    ]);
    // Each change reads the lead again.
    expect(calls.filter((c) => c.url === `/api/admin/leads/${LEAD}`).length).toBeGreaterThan(4);
  });

  it('answers elsewhere only with a note, and shows a refusal of the server under its field', async () => {
    const { el, calls } = await mount(<LeadPage id={LEAD} me={editor()} onBack={() => {}} />, (call) => {
      if (call.url.endsWith('/replies'))
        return json(422, {
          error: { code: 'invalid', message: 'Check the reply', fields: { body: 'The reply holds no text' } },
        });
      if (call.url.endsWith('/answered-elsewhere')) return json(201, { lead: lead({ state: 'answered' }) });
      return undefined;
    });
    await vi.waitFor(() => expect(button(el, 'Mark as answered elsewhere')).toBeDefined());

    await click(button(el, 'Mark as answered elsewhere'));
    await vi.waitFor(() => expect(el.textContent).toContain('Say how the lead was answered'));
    expect(posts(calls)).toEqual([]);
    await type(labelled(el, 'How was the lead answered?'), 'Called back on Monday.');
    await click(button(el, 'Mark as answered elsewhere'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      method: 'POST',
      url: `/api/admin/leads/${LEAD}/answered-elsewhere`,
      body: { note: 'Called back on Monday.' },
    });

    await type(labelled(el, 'Reply'), 'Hello');
    await click(button(el, 'Send reply'));
    const reply = labelled<HTMLTextAreaElement>(el, 'Reply');
    await vi.waitFor(() => expect(reply.getAttribute('aria-invalid')).toBe('true'));
    const error = reply.parentElement!.querySelector('[data-field-error]')!;
    expect(error.textContent).toBe('The reply holds no text');
    expect(reply.getAttribute('aria-describedby')).toContain(error.id);
  });
});

describe('the portal and the leads', () => {
  it('opens on the Leads tab, and counts the overdue replies in the header, which open the overdue leads', async () => {
    const { el, calls } = await mount(<Portal me={staffMe()} />);
    const tabs = [...el.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
    expect(tabs).toEqual(['Leads', 'Audit Submissions', 'Contact Messages']);
    await vi.waitFor(() => expect(el.querySelector('[data-overdue-leads]')).not.toBeNull());
    expect(el.querySelector('[data-overdue-leads]')!.textContent).toBe('Overdue replies: 2 (show the leads)');
    await click(el.querySelector<HTMLElement>('[data-overdue-leads]')!);
    await vi.waitFor(() => expect(leadUrls(calls)).toContain('/api/admin/leads?state=overdue'));
    expect(labelled<HTMLSelectElement>(el, 'State').value).toBe('overdue');
  });

  it('opens the lead of a link to /admin?lead=', async () => {
    history.replaceState(null, '', `/admin?lead=${LEAD}`);
    const { el } = await mount(<Portal me={staffMe()} />);
    await vi.waitFor(() => expect(el.querySelector('h3')?.textContent).toBe('Grace Hopper · Acme Bioanalytical'));
    expect(el.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Leads');
    await click(button(el, '← Back to the leads'));
    expect(location.search).toBe('');
  });
});
