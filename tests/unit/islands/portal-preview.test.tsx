// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWithQueries } from './mount.tsx';
import { staffMe } from './staff-me.ts';
import type { Me } from '../../../src/islands/admin/shared/portal-session.ts';
import { Portal } from '../../../src/islands/admin/shell/Portal.tsx';

const me = (site: Me['site']): Me => staffMe({}, { site });

async function render(site: Me['site']) {
  // The tabs load their lists; nothing answers here, which is fine for what this test reads.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  const el = await mountWithQueries(<Portal me={me(site)} />);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the portal of a deploy preview', () => {
  it('shows a Preview ribbon that says the data and mail are not the live ones', async () => {
    const el = await render('preview');
    const ribbon = el.querySelector('[role="note"][aria-label="Preview"]');
    expect(ribbon?.textContent).toMatch(/^Preview/);
    expect(ribbon?.textContent).toContain('sends mail only to the staff inbox');
  });

  it('shows no ribbon on the production site or locally', async () => {
    for (const site of ['production', 'local'] as const) {
      const el = await render(site);
      expect(el.querySelector('[aria-label="Preview"]')).toBeNull();
      document.body.innerHTML = '';
    }
  });
});
