// @vitest-environment happy-dom
// The report editor: the rules' reasons beside each area, saves as the editor types (one save after a
// pause, naming the revision), a refused save stops saving, the budget follows the packages, viewers read.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyArea, reportAreaIds, type ReportArea, type ReportAreaId } from '../../../src/lib/audit-report.ts';
import { ReportEditor } from '../../../src/islands/admin/report/ReportEditor.tsx';
import { contentKit, videoPackage } from '../../fixtures/reports.ts';
import { mountWithQueries } from './mount.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const areas = Object.fromEntries(reportAreaIds.map((id) => [id, { ...emptyArea(), score: 3 }])) as Record<
  ReportAreaId,
  ReportArea
>;
const report = {
  submissionId: 's1',
  companyName: 'Helix Labs',
  contactName: 'Grace Hopper',
  contactEmail: 'grace@helix.example',
  source: 'intake',
  status: 'pending',
  revision: 0,
  summary: '',
  areas,
  prefill: {
    ...Object.fromEntries(reportAreaIds.map((id) => [id, null])),
    website: {
      score: 0,
      reasons: [{ field: 'hasWebsite', label: 'Do you have a website?', answer: 'No', note: 'No website.' }],
    },
  },
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: null,
  packages: [contentKit, videoPackage],
  totals: { monthly: 0, oneOff: 0, onRequest: [] },
  deliveries: [],
  clock: {
    reviewDueAt: '2026-11-21T10:00:00.000Z',
    auditDueAt: '2026-11-23T10:00:00.000Z',
    reviewOverdue: true,
    auditOverdue: true,
  },
};

/** Mounts the editor with the API answering `save` to each PUT; returns the element and the PUT bodies. */
async function mount(canEdit: boolean, save: (body: { revision: number }) => Response) {
  const puts: { revision: number; areas: Record<string, ReportArea> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return save(body);
      }
      return json(200, report);
    }),
  );
  localStorage.clear();
  const el = await mountWithQueries(<ReportEditor submissionId="s1" canEdit={canEdit} onClose={() => {}} />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return { el, puts };
}

const areaOf = (el: HTMLElement, id: string) => el.querySelector<HTMLElement>(`section[data-area="${id}"]`)!;
const fieldOf = (section: HTMLElement, label: string) => {
  const labelEl = [...section.querySelectorAll('label')].find((l) => l.textContent === label)!;
  return section.querySelector<HTMLTextAreaElement | HTMLSelectElement>(`#${CSS.escape(labelEl.htmlFor)}`)!;
};
const type = (control: HTMLTextAreaElement | HTMLSelectElement, value: string) =>
  act(async () => {
    const proto = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLTextAreaElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const saved = (revision: number) =>
  json(200, { revision, updatedAt: '2026-11-25T10:00:00.000Z', updatedBy: 'ed@agency.example', totals: report.totals });

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the report editor', () => {
  it('shows the answers behind a suggested score, and "score it yourself" where there were none', async () => {
    const { el } = await mount(true, () => saved(1));
    expect(areaOf(el, 'website').textContent).toContain('Suggested score: 0');
    expect(areaOf(el, 'website').textContent).toContain('“No”');
    expect(areaOf(el, 'crm').textContent).toContain('No answers for this area: score it yourself.');
    expect(el.textContent).toContain('review overdue');
  });

  it('saves once after a pause in typing, naming the revision, and the next save names the new one', async () => {
    const { el, puts } = await mount(true, (body) => saved(body.revision + 1));
    const findings = fieldOf(areaOf(el, 'linkedin'), 'Findings');
    await type(findings, 'Posts');
    await type(findings, 'Posts weekly');
    expect(puts).toHaveLength(0);
    await pause(1000);
    expect(puts.map((p) => p.revision)).toEqual([0]);
    expect(puts[0]!.areas.linkedin!.findings).toBe('Posts weekly');
    expect(el.querySelector('[data-save-state]')!.textContent).toMatch(/Saved .* by ed@agency.example/);
    await type(fieldOf(areaOf(el, 'crm'), 'Score'), '1');
    await pause(1000);
    expect(puts.map((p) => p.revision)).toEqual([0, 1]);
    expect(puts[1]!.areas.crm!.score).toBe(1);
  });

  it('stops saving after a refused save and offers a reload; the edits stay in this browser', async () => {
    const stale = { error: { code: 'stale_revision', message: 'Someone else saved this report since you opened it.' } };
    const { el, puts } = await mount(true, () => json(409, stale));
    await type(fieldOf(areaOf(el, 'linkedin'), 'Findings'), 'Mine');
    await pause(1000);
    expect(el.textContent).toContain('Someone else saved this report since you opened it.');
    expect([...el.querySelectorAll('button')].some((b) => b.textContent === 'Reload')).toBe(true);
    await type(fieldOf(areaOf(el, 'linkedin'), 'Findings'), 'Mine, again');
    await pause(1000);
    expect(puts).toHaveLength(1);
    expect(localStorage.getItem('report-draft:s1')).toContain('Mine');
  });

  it('totals the suggested budget as packages are chosen', async () => {
    const { el } = await mount(true, (body) => saved(body.revision + 1));
    await type(fieldOf(areaOf(el, 'linkedin'), 'Recommended package'), contentKit.slug);
    await type(fieldOf(areaOf(el, 'events'), 'Recommended package'), videoPackage.slug);
    expect(el.querySelector('[data-budget-monthly]')!.textContent).toBe('Monthly: $450');
    expect(el.querySelector('[data-budget-one-off]')!.textContent).toBe('One-off: $600');
  });

  it('lets a viewer read only: every control disabled, no Deliver button', async () => {
    const { el } = await mount(false, () => saved(1));
    const controls = [...el.querySelectorAll('textarea, select')] as HTMLTextAreaElement[];
    expect(controls.length).toBe(1 + 10 * 4);
    expect(controls.every((c) => c.disabled)).toBe(true);
    expect([...el.querySelectorAll('button')].some((b) => b.textContent === 'Deliver report')).toBe(false);
  });
});
