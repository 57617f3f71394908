// @vitest-environment happy-dom
/**
 * A stored intake answered without an upload token (a repeat of a submit made over two hours ago: the server
 * gives none then): its documents are not dropped in silence, they show as not uploaded and the wizard offers
 * to go on without them; no upload is attempted.
 */
import { act, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { afterEach, expect, it, vi } from 'vitest';
import { intakeDefaults, type IntakeValues } from '../../../src/lib/forms/intake.schema.ts';
import { useSubmitThenUpload } from '../../../src/islands/intake/useSubmitThenUpload.ts';
import type { ChosenFile } from '../../../src/islands/intake/documents.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let hook: ReturnType<typeof useSubmitThenUpload> | undefined;
const announced: string[] = [];

function Probe() {
  const form = useForm<IntakeValues>({ defaultValues: intakeDefaults() });
  const honeypot = useRef<HTMLInputElement>(null);
  hook = useSubmitThenUpload({
    form,
    honeypot,
    thankYouPath: '/thanks',
    onRefused: () => {},
    announce: (text) => announced.push(text),
    onDone: () => {},
  });
  return null;
}

afterEach(() => vi.unstubAllGlobals());

it('marks the documents not uploaded and stops at the choice when the answer carries no upload token', async () => {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json({ id: '9b2e8a4c-2f1e-4c55-8d0b-0d6f6c1a2b3c' }, { status: 201 }),
  );
  vi.stubGlobal('fetch', fetch);
  const assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
  await act(async () => createRoot(document.body.appendChild(document.createElement('div'))).render(<Probe />));
  const file: ChosenFile = { id: 'f1', file: new File(['%PDF-1.7'], 'deck.pdf'), status: 'ready', progress: 0 };
  await act(async () => hook!.setFiles([file]));
  await act(async () => hook!.submit(intakeDefaults()));
  // The submit and the funnel's count of it only: no upload without a token.
  expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/audits', '/api/intake-funnel']);
  expect(hook!.phase).toBe('uploads-failed');
  expect(hook!.files[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/email this document/) });
  expect(announced.join(' ')).toMatch(/received, but its documents can no longer be attached/);
  await new Promise((resolve) => setTimeout(resolve, 1300));
  expect(assign).not.toHaveBeenCalled();
});
