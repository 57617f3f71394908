// @vitest-environment happy-dom
// The report drafts kept in a browser (report-drafts.ts) hold a lead's audit: they are the writer's alone,
// last at most 7 days, and go at sign-out, at any 401 and at a refused save.
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import AdminApp from '../../../src/islands/admin/shell/AdminApp.tsx';
import { api } from '../../../src/islands/admin/shared/api.ts';
import { signOut } from '../../../src/islands/admin/shared/portal-session.ts';
import { DRAFT_MAX_AGE_MS, type StoredDraft } from '../../../src/islands/admin/shared/report-drafts.ts';
import {
  button,
  control,
  detail,
  edit,
  EDITOR_ID,
  json,
  mountEditor,
  routeFetch,
  SUBMISSION,
  unmountAll,
  useEditorTests,
  wait,
} from './report-harness.tsx';

useEditorTests();

const KEY = `admin.report-draft.${SUBMISSION}`;
const OTHER = 'admin.report-draft.99999999-2222-3333-4444-555555555555';
const DAY = 24 * 60 * 60 * 1000;

/** A kept draft of `user`, last changed `age` ms ago, whose summary differs from the server's. */
function kept(user: string, age: number, summary = 'Kept in this browser'): StoredDraft {
  const { areas } = detail();
  return { revision: 4, draft: { summary, areas }, at: new Date(Date.now() - age).toISOString(), user };
}
const keep = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value));
const draftKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('admin.report-draft.'));

describe('report drafts kept in the browser', () => {
  it('are offered only to the user who wrote them, never to the next person on that browser', async () => {
    routeFetch(detail(), () => new Promise<Response>(() => {}));
    const { el } = await mountEditor(true, 'user-ada');
    await edit(control(el, 'Findings', 'crm'), 'Ada’s unsaved findings');
    expect(localStorage.getItem(KEY)).toContain('Ada’s unsaved findings');
    await unmountAll();

    const next = await mountEditor(true, 'user-bo');
    expect(button(next.el, 'Restore them')).toBeUndefined();
    expect(next.el.textContent).not.toContain('never saved');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('last at most 7 days: an older one is not offered and goes, a younger one is offered', async () => {
    routeFetch(detail(), () => new Promise<Response>(() => {}));
    keep(KEY, kept(EDITOR_ID, DRAFT_MAX_AGE_MS + 60_000));
    const { el } = await mountEditor();
    expect(button(el, 'Restore them')).toBeUndefined();
    expect(localStorage.getItem(KEY)).toBeNull();
    await unmountAll();

    keep(KEY, kept(EDITOR_ID, 6 * DAY));
    const next = await mountEditor();
    expect(button(next.el, 'Restore them')).toBeDefined();
  });

  it('all go at any 401 of the admin API', async () => {
    keep(KEY, kept(EDITOR_ID, 0));
    keep(OTHER, kept(EDITOR_ID, 0));
    localStorage.setItem('intake-draft', 'not the portal’s');
    vi.stubGlobal('fetch', async () => json(401, { error: { code: 'unauthorized', message: 'Sign in' } }));
    await expect(api('/api/admin/leads')).rejects.toMatchObject({ status: 401 });
    expect(draftKeys()).toEqual([]);
    expect(localStorage.getItem('intake-draft')).toBe('not the portal’s');
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
  ])('go when the server refuses a save (%i), and the edits after it are not kept either', async (status, code) => {
    routeFetch(detail(), () => json(status, { error: { code, message: 'Not allowed' } }));
    keep(OTHER, kept(EDITOR_ID, 0));
    const { el } = await mountEditor();
    await edit(control(el, 'Findings', 'crm'), 'Typed as the session ended');
    expect(localStorage.getItem(KEY)).not.toBeNull();
    await wait(900);
    expect(draftKeys()).toEqual([]);
    await edit(control(el, 'Findings', 'crm'), 'Typed after');
    expect(draftKeys()).toEqual([]);
  });

  it('all go at sign-out', async () => {
    keep(KEY, kept(EDITOR_ID, 0));
    keep(OTHER, kept(EDITOR_ID, 0));
    vi.stubGlobal('fetch', async () => json(200, { success: true }));
    await act(() => signOut(new QueryClient()));
    expect(draftKeys()).toEqual([]);
  });

  it('are swept as the portal opens: old, malformed and other users’ ones go', async () => {
    const mine = kept(EDITOR_ID, DAY);
    keep(KEY, mine);
    keep(OTHER, kept(EDITOR_ID, 8 * DAY));
    keep('admin.report-draft.bo', kept('user-bo', 0));
    localStorage.setItem('admin.report-draft.broken', '{');
    vi.stubGlobal('fetch', async () =>
      json(200, { user: { id: EDITOR_ID, email: 'ada@agency.example', name: 'Ada' }, roles: [], site: 'local' }),
    );
    const el = document.body.appendChild(document.createElement('div'));
    const root = createRoot(el);
    await act(async () => root.render(<AdminApp />));
    // The sign-in screen is a chunk of its own: waited for by what it shows, not for a time.
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(el.textContent).toContain('no access yet');
    });
    expect(draftKeys()).toEqual([KEY]);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(mine);
    await act(async () => root.unmount());
  });
});
