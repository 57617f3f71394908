// @vitest-environment happy-dom
// A resource's download form (docs/decisions/0041-resource-downloads.md): what it sends, what the visitor reads
// after a stored request, and where a refusal's reasons show.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DownloadForm from '../../../src/islands/DownloadForm.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The form, filled in as a visitor would, and a server that answers `status` with `body`. */
async function filledForm(status: number, body: unknown) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  const el = document.body.appendChild(document.createElement('div'));
  await act(async () =>
    createRoot(el).render(<DownloadForm resource="rfp-readiness-checklist" title="RFP Checklist" />),
  );
  const type = (name: string, value: string) => {
    const input = el.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  await act(async () => {
    type('name', 'Riley Reader');
    type('email', 'riley@cro.example');
    el.querySelector<HTMLInputElement>('input[name="consent"]')!.click();
  });
  await act(async () => el.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return { el, sent };
}

describe('the download form', () => {
  it('sends the answers with the resource, then says a mail is on its way and what the link allows', async () => {
    const { el, sent } = await filledForm(201, { id: 'x' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      name: 'Riley Reader',
      email: 'riley@cro.example',
      company: '',
      consent: true,
      resource: 'rfp-readiness-checklist',
      website: '',
      idempotencyKey: expect.any(String),
    });
    const status = el.querySelector('[role="status"]')!;
    expect(status.textContent).toContain('A mail is on its way to riley@cro.example.');
    expect(status.textContent).toContain('works for 7 days and opens it 5 times');
    expect(el.querySelector('form')).toBeNull();
  });

  it('keeps the answers on a refusal, the field’s reason under it and the resource’s in a toast', async () => {
    const { el } = await filledForm(422, {
      error: {
        code: 'invalid_fields',
        message: 'Some answers need your attention.',
        fields: { email: 'Enter a valid email address', resource: 'This resource has no file to send' },
      },
    });
    expect(el.querySelector('form')).not.toBeNull();
    expect(el.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe('Riley Reader');
    expect(el.textContent).toContain('Enter a valid email address');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.body.textContent).toContain('This resource has no file to send');
  });
});
