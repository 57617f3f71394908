// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LeadsTab } from '../../../src/islands/admin/leads/LeadsTab.tsx';
import { Portal } from '../../../src/islands/admin/shell/Portal.tsx';
import { button, click, edit, json } from './report-harness.tsx';
import { LEAD, editor, labelled, lead, leadUrls, mount, type, useLeadsTests } from './leads-harness.tsx';
import { staffMe } from './staff-me.ts';

useLeadsTests();

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

  it('says "No reply due" of a lead that only downloaded, never "Answered"', async () => {
    const downloaded = lead({
      id: 'lead-3',
      forms: ['download'],
      state: 'none',
      awaitingSince: null,
      responseDueAt: null,
    });
    const { el } = await mount(<LeadsTab me={editor()} view={{ key: 0, openId: null }} />, (call) =>
      call.url === '/api/admin/leads' ? json(200, { items: [downloaded], total: 1, page: 1, pageSize: 50 }) : undefined,
    );
    await vi.waitFor(() => expect(el.querySelector('[data-lead="lead-3"]')).not.toBeNull());
    const row = el.querySelector('[data-lead="lead-3"]')!;
    expect(row.querySelector('[data-response]')!.getAttribute('data-response')).toBe('none');
    expect(row.textContent).toContain('No reply due');
    expect(row.textContent).not.toContain('Answered');
    expect([...labelled<HTMLSelectElement>(el, 'State').options].map((o) => o.text)).toContain('No reply due');
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

describe('the portal and the leads', () => {
  it('opens on the Leads tab, and counts the overdue replies in the header, which open the overdue leads', async () => {
    const { el, calls } = await mount(<Portal me={staffMe()} />);
    const tabs = [...el.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
    expect(tabs).toEqual(['Leads', 'Pipeline', 'Audit Submissions', 'Contact Messages', 'Dashboard']);
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
    // The list has its own address; the browser's back button returns to the lead, forward to the list.
    await vi.waitFor(() => expect(location.search).toBe('?tab=leads'));
    await vi.waitFor(() => expect(el.querySelector(`[data-open-lead="${LEAD}"]`)).not.toBeNull());
    await act(async () => history.back());
    await vi.waitFor(() => expect(el.querySelector('h3')?.textContent).toBe('Grace Hopper · Acme Bioanalytical'));
    expect(location.search).toBe(`?lead=${LEAD}`);
    await act(async () => history.forward());
    await vi.waitFor(() => expect(el.querySelector(`[data-open-lead="${LEAD}"]`)).not.toBeNull());
  });

  it('gives each tab its own address, and the back button returns to the tab before', async () => {
    history.replaceState(null, '', '/admin');
    const { el } = await mount(<Portal me={staffMe()} />);
    const tab = (label: string) =>
      [...el.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === label)!;
    await click(tab('Contact Messages'));
    expect(location.search).toBe('?tab=messages');
    await click(tab('Audit Submissions'));
    expect(location.search).toBe('?tab=submissions');
    await act(async () => history.back());
    await vi.waitFor(() => expect(tab('Contact Messages').getAttribute('aria-selected')).toBe('true'));
  });
});
