// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import * as ui from './report-harness.tsx';

ui.useEditorTests();

const delivery = {
  id: 'd1',
  version: 1,
  deliveredAt: '2026-03-03T10:00:00.000Z',
  deliveredBy: 'ada@agency.example',
  expiresAt: '2026-06-01T10:00:00.000Z',
  revokedAt: null,
  firstOpenedAt: null,
};

describe('delivering a report', () => {
  it('saves first, asks, then delivers and shows the private link once with a Copy button', async () => {
    const link = 'https://example.test/report/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const calls = ui.routeFetch(ui.detail(), (call) =>
      call.method === 'PUT'
        ? ui.json(200, {
            revision: 5,
            updatedAt: '2026-03-03T09:59:00.000Z',
            updatedBy: 'ada@agency.example',
            totals: {},
          })
        : ui.json(201, { delivery, link }),
    );
    const { el } = await ui.mountEditor();
    await ui.edit(ui.control(el, 'Findings', 'crm'), 'Spreadsheets only');
    await ui.click(ui.button(el, 'Deliver report'));
    await ui.wait(0);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT']);
    const dialog = document.querySelector('dialog')!;
    expect(dialog.textContent).toContain('freezes this version');
    expect(dialog.textContent).toContain('ada@helix.example');

    await ui.click(ui.button(el, 'Deliver'));
    await ui.wait(0);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/admin/reports/11111111-2222-3333-4444-555555555555/deliver');
    expect(post.body).toEqual({});
    expect(document.querySelector('dialog')).toBeNull();
    expect(el.querySelector('[data-report-link]')?.textContent).toBe(link);
    expect(ui.button(el, 'Copy')).toBeDefined();
    expect(el.textContent).toContain('It can’t be shown again');
  });

  it('lists the unscored areas a refused delivery names and focuses the first', async () => {
    const fields = {
      'areas.outreach.score': 'Score this area before delivering',
      'areas.linkedin.score': 'Score this area before delivering',
    };
    ui.routeFetch(ui.detail(), () =>
      ui.json(422, { error: { code: 'invalid_fields', message: 'Check the fields', fields } }),
    );
    const { el } = await ui.mountEditor();
    await ui.click(ui.button(el, 'Deliver report'));
    await ui.click(ui.button(el, 'Deliver'));
    await ui.wait(0);
    expect(el.querySelector('[role="alert"]')?.textContent).toBe(
      'Score these areas before delivering: LinkedIn presence and messaging; Cold outreach and follow-up.',
    );
    const linkedin = ui.control<HTMLSelectElement>(el, 'Score', 'linkedin');
    expect(document.activeElement).toBe(linkedin);
    expect(linkedin.getAttribute('aria-invalid')).toBe('true');
    await ui.edit(linkedin, '3');
    expect(el.querySelector('[role="alert"]')?.textContent).toBe(
      'Score these areas before delivering: Cold outreach and follow-up.',
    );
  });

  it('lists the deliveries: opened or not, revoked, or a Revoke that asks first', async () => {
    const deliveries = [
      { ...delivery, id: 'd2', version: 2, firstOpenedAt: '2026-03-04T08:00:00.000Z' },
      { ...delivery, revokedAt: '2026-03-03T12:00:00.000Z' },
    ];
    const calls = ui.routeFetch(ui.detail({ deliveries }), () => ui.json(204, null));
    const { el } = await ui.mountEditor();
    const row = (version: number) => el.querySelector(`[data-delivery="${version}"]`)!.textContent;
    expect(row(2)).toContain('Opened Mar 04, 2026');
    expect(row(2)).toContain('Revoke');
    expect(row(1)).toContain('Not opened yet');
    expect(row(1)).toContain('Revoked Mar 03, 2026');
    await ui.click(ui.button(el, 'Revoke the link of version 2'));
    expect(document.querySelector('dialog')?.textContent).toContain('stops working at once');
    await ui.click(ui.button(el, 'Revoke'));
    await ui.wait(0);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/admin/reports/11111111-2222-3333-4444-555555555555/deliveries/d2',
    ]);
  });
});
