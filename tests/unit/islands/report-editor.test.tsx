// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  button,
  click,
  control,
  detail,
  edit,
  json,
  mountEditor,
  routeFetch,
  SUBMISSION,
  unmountAll,
  useEditorTests,
  wait,
} from './report-harness.tsx';

useEditorTests();

const saved = (revision: number) =>
  json(200, {
    revision,
    updatedAt: '2026-03-02T14:32:00.000Z',
    updatedBy: 'ada@agency.example',
    totals: { monthly: 0, oneOff: 0, onRequest: [] },
  });

describe('the report editor', () => {
  it('shows the clock, the rules’ suggestion with the answers behind it, or says there were none', async () => {
    routeFetch(detail(), () => saved(5));
    const { el } = await mountEditor();
    expect(el.querySelector('h3')?.textContent).toBe('Audit report: Helix Assays');
    expect(el.textContent).toContain('Review due');
    expect(el.textContent).toContain('Overdue');
    const website = el.querySelector('[data-area="website"] [data-suggestion]')!;
    expect(website.textContent).toContain('Suggested score: 2 – Basic');
    expect([...website.querySelectorAll('[data-reason]')].map((r) => r.textContent)).toEqual([
      'Do you have a website?YesA website exists to improve.',
      'How old is it?Over 5 yearsAn old site scores low.',
    ]);
    expect(el.querySelector('[data-area="crm"] [data-suggestion]')?.textContent).toBe(
      'No answers for this area: score it yourself.',
    );
    expect(control<HTMLSelectElement>(el, 'Score', 'website').value).toBe('2');
    expect(el.querySelector('[data-save-status]')?.textContent).toMatch(/^Last edited by bo@agency.example at /);
  });

  it('saves once the typing pauses, naming the loaded revision, then the revision the save answered', async () => {
    const calls = routeFetch(detail(), () => saved(calls.filter((c) => c.method === 'PUT').length + 4));
    const { el } = await mountEditor();
    const findings = control<HTMLTextAreaElement>(el, 'Findings', 'crm');
    await edit(findings, 'No');
    await wait(300);
    await edit(findings, 'No CRM at all');
    await wait(700);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(el.querySelector('[data-save-status]')?.textContent).toBe('Saving…');
    await wait(200);
    const puts = () => calls.filter((c) => c.method === 'PUT');
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.url).toBe(`/api/admin/reports/${SUBMISSION}`);
    const body = puts()[0]!.body as { revision: number; areas: Record<string, { findings: string }> };
    expect(body.revision).toBe(4);
    expect(body.areas.crm!.findings).toBe('No CRM at all');
    expect(el.querySelector('[data-save-status]')?.textContent).toMatch(/^Saved at \d\d:\d\d$/);
    expect(localStorage.length).toBe(0);

    await edit(control(el, 'Executive summary'), 'A lab with promise.');
    await wait(900);
    expect(puts()).toHaveLength(2);
    expect((puts()[1]!.body as { revision: number; summary: string }).revision).toBe(5);
    expect((puts()[1]!.body as { summary: string }).summary).toBe('A lab with promise.');
  });

  it('stops saving after a 409, says someone else saved and offers a reload', async () => {
    const calls = routeFetch(detail(), () =>
      json(409, { error: { code: 'stale_revision', message: 'This report was saved by someone else.' } }),
    );
    const { el } = await mountEditor();
    await edit(control(el, 'Findings', 'crm'), 'Mine');
    await wait(900);
    expect(el.querySelector('[role="alert"]')?.textContent).toContain('Someone else saved this report');
    expect(button(el, 'Reload')).toBeDefined();
    await edit(control(el, 'Findings', 'crm'), 'Mine, again');
    await wait(5000);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    // The edits stay in this browser until someone decides.
    expect(localStorage.getItem(`admin.report-draft.${SUBMISSION}`)).toContain('Mine, again');
  });

  it('retries a save the server could not take, and shows a refused field’s message beside it', async () => {
    const answers = [
      json(503, {}),
      json(422, {
        error: {
          code: 'invalid_fields',
          message: 'Check the fields',
          fields: { 'areas.crm.findings': 'At most 5000 characters' },
        },
      }),
    ];
    const calls = routeFetch(detail(), () => answers.shift() ?? saved(5));
    const { el } = await mountEditor();
    await edit(control(el, 'Findings', 'crm'), 'x');
    await wait(900);
    expect(el.querySelector('[data-save-status]')?.textContent).toBe('Not saved: retrying…');
    await wait(1100);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
    const findings = control(el, 'Findings', 'crm');
    expect(el.ownerDocument.getElementById(`${findings.id}-error`)?.textContent).toBe('At most 5000 characters');
  });

  it('sends the unsaved draft with keepalive when the tab is hidden, and offers a kept draft back', async () => {
    const calls = routeFetch(detail(), () => new Promise<Response>(() => {}));
    const { el } = await mountEditor();
    await edit(control(el, 'Findings', 'crm'), 'Typed before closing');
    await vi.waitFor(() => expect(localStorage.length).toBe(1));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.keepalive)).toEqual([true]);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

    // The page is gone before the answer: the next visit offers the kept draft.
    await unmountAll();
    const next = await mountEditor();
    await click(button(next.el, 'Restore them'));
    expect(control<HTMLTextAreaElement>(next.el, 'Findings', 'crm').value).toBe('Typed before closing');
  });

  it('updates the suggested budget as packages are chosen', async () => {
    routeFetch(detail(), () => saved(5));
    const { el } = await mountEditor();
    const total = (name: string) => el.querySelector(`[data-total="${name}"]`)?.textContent;
    expect(total('monthly')).toBe('$0');
    await edit(control(el, 'Recommended package', 'linkedin'), 'kit');
    await edit(control(el, 'Recommended package', 'outreach'), 'kit');
    await edit(control(el, 'Recommended package', 'events'), 'video');
    await edit(control(el, 'Recommended package', 'crm'), 'custom');
    expect([total('monthly'), total('one-off'), total('on-request')]).toEqual(['$2,400', '$3,000', 'Custom Retainer']);
    expect(control(el, 'Recommended package', 'crm').textContent).toContain('LinkedIn Content Kit ($1,200 per month)');
  });

  it('is read-only for a viewer: every input disabled, no Deliver, a note that editors edit', async () => {
    const calls = routeFetch(detail(), () => saved(5));
    const { el } = await mountEditor(false);
    const controls = [...el.querySelectorAll('textarea, select')];
    expect(controls.length).toBe(41);
    expect(controls.every((c) => (c as HTMLTextAreaElement).disabled)).toBe(true);
    expect(button(el, 'Deliver report')).toBeUndefined();
    expect(el.querySelector('[role="note"]')?.textContent).toContain('Editors and admins edit');
    await wait(5000);
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});
