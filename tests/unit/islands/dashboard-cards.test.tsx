// @vitest-environment happy-dom
/** The Dashboard's headline cards, one component for its figures and the revenue's (issue 56). */
import { describe, expect, it } from 'vitest';
import { RevenueFigures } from '../../../src/islands/admin/dashboard/RevenueFigures.tsx';
import { dashboardReply } from '../../fixtures/dashboard.ts';
import { mount, useLeadsTests } from './leads-harness.tsx';

useLeadsTests();

describe('the revenue’s cards', () => {
  it('are a named list, a card each with its label, value and detail', async () => {
    const { revenue } = dashboardReply();
    const { el } = await mount(<RevenueFigures revenue={revenue} period={{ from: '2026-11-01', to: '2026-11-28' }} />);
    const list = el.querySelector('ul[aria-label="Revenue figures"]')!;
    expect(list.className).toContain('xl:grid-cols-4');
    expect([...list.querySelectorAll('li[data-card]')].map((li) => [...li.children].map((p) => p.textContent))).toEqual(
      [
        ['Open pipeline', '$40,000', 'weighted forecast $20,500'],
        ['Won', '$27,500', '2 deals won'],
        ['Win rate', '67%', '2 won, 1 lost in the period'],
        ['Median days to won', '21.5 days', 'from the first touch to won'],
      ],
    );
  });
});
