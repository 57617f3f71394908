// @vitest-environment happy-dom
// A submission's documents in the portal: one the upload found macros in says so, and its download first
// asks, with a plain warning not to open it in Office with macros enabled.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmissionDetail } from '../../../src/islands/admin/shared/SubmissionDetail.tsx';
import { mountWithQueries } from './mount.tsx';

const SUBMISSION = '11111111-2222-3333-4444-555555555555';
const doc = (id: string, fileName: string, hasMacros: boolean) => ({
  id,
  fileName,
  fileSize: 20_480,
  fileType: fileName.split('.').pop(),
  hasMacros,
  createdAt: '2026-03-02T10:00:00.000Z',
});
const detail = {
  submission: {
    id: SUBMISSION,
    source: 'intake',
    status: 'pending',
    companyName: 'Helix Assays',
    contactName: 'Ada Lovelace',
    contactEmail: 'ada@helix.example',
    isSpam: false,
    spamReason: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
  },
  sections: [],
  documents: [doc('d-macro', 'Pricing.doc', true), doc('d-plain', 'Deck.pdf', false)],
};

async function mount() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    if (url.startsWith('/api/admin/documents/')) return new Response(new Blob(['bytes']), { status: 200 });
    return new Response(JSON.stringify(detail), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:doc');
  const el = await mountWithQueries(<SubmissionDetail id={SUBMISSION} onReport={() => {}} />);
  await vi.waitFor(() => expect(el.querySelectorAll('li')).toHaveLength(2));
  const row = (name: string) => [...el.querySelectorAll('li')].find((li) => li.textContent?.includes(name))!;
  const download = (name: string) => act(async () => row(name).querySelector('button')!.click());
  const downloads = () => calls.filter((url) => url.startsWith('/api/admin/documents/'));
  return { row, download, downloads };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the documents of a submission', () => {
  it('marks a document with macros, and only that one', async () => {
    const { row } = await mount();
    expect(row('Pricing.doc').querySelector('[data-macros]')?.textContent).toBe('Contains macros');
    expect(row('Deck.pdf').textContent).not.toContain('macros');
  });

  it('asks before downloading a document with macros, warning not to enable them, and stops at Cancel', async () => {
    const confirm = vi.fn((_message?: string) => false);
    vi.stubGlobal('confirm', confirm);
    const { download, downloads } = await mount();
    await download('Pricing.doc');
    expect(confirm).toHaveBeenCalledTimes(1);
    const warning = confirm.mock.calls[0]![0]!;
    expect(warning).toContain('"Pricing.doc" contains macros');
    expect(warning).toMatch(/Do not open it in Office with macros enabled/);
    expect(downloads()).toEqual([]);

    confirm.mockReturnValue(true);
    await download('Pricing.doc');
    await vi.waitFor(() => expect(downloads()).toEqual(['/api/admin/documents/d-macro']));
  });

  it('downloads a document without macros at once', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const { download, downloads } = await mount();
    await download('Deck.pdf');
    await vi.waitFor(() => expect(downloads()).toEqual(['/api/admin/documents/d-plain']));
    expect(confirm).not.toHaveBeenCalled();
  });
});
