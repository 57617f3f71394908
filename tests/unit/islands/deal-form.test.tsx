// @vitest-environment happy-dom
/**
 * The deal's form (issue 56): on the lead's page an editor sets the value and expected close date, reopens a won
 * deal and sees the API's 422 by its field; a won lead reads as a client in the list and on its page; a viewer
 * gets no form. On a board card, "Edit value and date" sends only what changed.
 */
import { DndContext } from '@dnd-kit/core';
import { describe, expect, it, vi } from 'vitest';
import { DealCard } from '../../../src/islands/admin/pipeline/DealCard.tsx';
import LeadPage from '../../../src/islands/admin/leads/LeadPage.tsx';
import { LeadsTab } from '../../../src/islands/admin/leads/LeadsTab.tsx';
import { button, click, edit, json } from './report-harness.tsx';
import {
  LEAD,
  REPLY_TO,
  editor,
  labelled,
  lead,
  leadUrls,
  mount,
  posts,
  type,
  useLeadsTests,
} from './leads-harness.tsx';
import { staffMe } from './staff-me.ts';

useLeadsTests();

/** The control inside the label that starts with `text` (the deal form's labels wrap their control). */
const control = <T extends HTMLElement>(el: HTMLElement, text: string): T => {
  const found = [...el.querySelectorAll('label')].find((l) => l.textContent!.startsWith(text));
  if (!found) throw new Error(`No control labelled ${text}`);
  return found.querySelector('input, select') as T;
};

const won = lead({ stage: 'won', value: 12000, expectedCloseOn: '2026-04-01' });
const detailOf = (l: object) => json(200, { lead: l, requests: [], timeline: [], replyTo: REPLY_TO });

describe('the deal form', () => {
  it('sets a value and close date, shows a 422 by its field, and reopens a won deal', async () => {
    const answers = [
      json(422, {
        error: { code: 'invalid', message: 'Check the deal', fields: { value: 'The value cannot be negative' } },
      }),
      json(200, { lead: won }),
    ];
    const { el, calls } = await mount(<LeadPage id={LEAD} me={editor()} onBack={() => {}} />, (call) =>
      call.url.endsWith('/stage') ? answers.shift() : undefined,
    );
    await vi.waitFor(() => expect(button(el, 'Change the deal')).toBeDefined());
    expect(el.querySelector('[data-lead-client]')).toBeNull();
    await click(button(el, 'Change the deal'));
    expect(control<HTMLSelectElement>(el, 'Stage').value).toBe('new');
    await type(control(el, 'Value (US dollars)'), '-5');
    await click(button(el, 'Save the deal'));
    const value = control<HTMLInputElement>(el, 'Value (US dollars)');
    await vi.waitFor(() => expect(value.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(value.getAttribute('aria-describedby')!)!;
    expect(error.textContent).toBe('The value cannot be negative');

    await type(value, '12000');
    await type(control(el, 'Expected close date'), '2026-04-01');
    await edit(control(el, 'Stage'), 'won');
    await click(button(el, 'Save the deal'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)).toEqual([
      { method: 'POST', url: `/api/admin/leads/${LEAD}/stage`, body: { stage: 'new', value: -5 } },
      {
        method: 'POST',
        url: `/api/admin/leads/${LEAD}/stage`,
        body: { stage: 'won', value: 12000, expectedCloseOn: '2026-04-01' },
      },
    ]);
    // The form closes and gives the focus back to its button.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Change the deal'));
    expect(el.querySelector('form[aria-label^="The deal of"]')).toBeNull();
  });

  it('reads a won lead as a client, and reopening it sends only the stage', async () => {
    const { el, calls } = await mount(<LeadPage id={LEAD} me={editor()} onBack={() => {}} />, (call) => {
      if (call.url === `/api/admin/leads/${LEAD}` && call.method === 'GET') return detailOf(won);
      if (call.url.endsWith('/stage')) return json(200, { lead: lead({ stage: 'proposal', value: 12000 }) });
      return undefined;
    });
    await vi.waitFor(() => expect(el.querySelector('[data-lead-client]')).not.toBeNull());
    expect(el.querySelector('[data-lead-client]')!.textContent).toBe('Deal won: kept past the retention period');
    expect(el.querySelector('[data-lead-deal]')!.textContent).toBe('Won, $12,000, expected to close 2026-04-01');
    await click(button(el, 'Change the deal'));
    expect(control<HTMLInputElement>(el, 'Value (US dollars)').value).toBe('12000');
    expect(control<HTMLInputElement>(el, 'Expected close date').value).toBe('2026-04-01');
    await edit(control(el, 'Stage'), 'proposal');
    await click(button(el, 'Save the deal'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ stage: 'proposal' });
  });

  it('asks a lost deal for its reason and note, the 422 by the reason', async () => {
    const { el, calls } = await mount(<LeadPage id={LEAD} me={editor()} onBack={() => {}} />, (call) =>
      call.url.endsWith('/stage')
        ? json(422, {
            error: { code: 'invalid', message: 'Check', fields: { lostReason: 'Choose why the deal was lost' } },
          })
        : undefined,
    );
    await vi.waitFor(() => expect(button(el, 'Change the deal')).toBeDefined());
    await click(button(el, 'Change the deal'));
    expect(() => control(el, 'Reason')).toThrow();
    await edit(control(el, 'Stage'), 'lost');
    await click(button(el, 'Save the deal'));
    const reason = control<HTMLSelectElement>(el, 'Reason');
    await vi.waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Choose why the deal was lost',
    );
    expect(posts(calls)[0]!.body).toEqual({ stage: 'lost', lostNote: '' });
  });

  it('shows a viewer the deal and the client mark, and no form', async () => {
    const { el } = await mount(<LeadPage id={LEAD} me={staffMe({ id: 'u1' })} onBack={() => {}} />, (call) =>
      call.url === `/api/admin/leads/${LEAD}` && call.method === 'GET' ? detailOf(won) : undefined,
    );
    await vi.waitFor(() => expect(el.querySelector('[data-lead-client]')).not.toBeNull());
    expect(el.querySelectorAll('form, select, input')).toHaveLength(0);
    expect(el.textContent).not.toContain('Change the deal');
  });

  it('marks a won lead Client in the list, and no other', async () => {
    const { el } = await mount(<LeadsTab me={editor()} view={{ key: 0, openId: null }} />, (call) =>
      call.url === '/api/admin/leads'
        ? json(200, { items: [won, lead({ id: 'lead-2', stage: 'proposal' })], total: 2, page: 1, pageSize: 50 })
        : undefined,
    );
    await vi.waitFor(() => expect(el.querySelector(`[data-lead="${LEAD}"]`)).not.toBeNull());
    expect(el.querySelector(`[data-lead="${LEAD}"] [data-lead-client]`)!.textContent).toBe('Client');
    expect(el.querySelector('[data-lead="lead-2"] [data-lead-client]')).toBeNull();
  });

  it('filters the list by the deal’s stage, Won being the clients', async () => {
    const { el, calls } = await mount(<LeadsTab me={editor()} view={{ key: 0, openId: null }} />);
    await vi.waitFor(() => expect(el.querySelector(`[data-lead="${LEAD}"]`)).not.toBeNull());
    const deal = labelled<HTMLSelectElement>(el, 'Deal');
    expect([...deal.options].map((o) => o.text)).toEqual([
      'All',
      'New',
      'Qualified',
      'Call booked',
      'Proposal sent',
      'Won (clients)',
      'Lost',
    ]);
    await edit(deal, 'won');
    await vi.waitFor(() => expect(leadUrls(calls)).toContain('/api/admin/leads?stage=won'));
  });
});

describe('a card’s Edit value and date', () => {
  it('sends the card’s stage with only the fields changed', async () => {
    const card = {
      id: LEAD,
      name: 'Grace Hopper',
      company: 'Acme',
      email: 'grace@acme.example',
      value: 3000,
      expectedCloseOn: '2026-05-01',
      owner: null,
      source: null,
      stage: 'proposal',
      stageEnteredAt: '2026-03-01T09:00:00.000Z',
      daysInStage: 3,
      stale: false,
      nextCallAt: null,
    } as const;
    const { el, calls } = await mount(
      <DndContext>
        <ul>
          <DealCard card={card} staleDays={14} canEdit />
        </ul>
      </DndContext>,
      (call) => (call.url.endsWith('/stage') ? json(200, { lead: lead() }) : undefined),
    );
    expect(el.textContent).toContain('2026-05-01');
    await click(button(el, 'More actions for Grace Hopper'));
    await click(button(el, 'Edit value and date'));
    expect(document.activeElement).toBe(control(el, 'Value (US dollars)'));
    await type(control(el, 'Expected close date'), '2026-06-15');
    await click(button(el, 'Save the deal'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ stage: 'proposal', expectedCloseOn: '2026-06-15' });
    await vi.waitFor(() => expect(el.querySelector('form')).toBeNull());
  });
});
