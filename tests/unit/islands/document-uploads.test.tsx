// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentUploads } from '../../../src/islands/intake/DocumentUploads.tsx';
import { choiceMessages, type ChosenFile } from '../../../src/islands/intake/documents.ts';
import { fileProblemMessages } from '../../../src/features/uploads/contract.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const file = (name: string, size: number, type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });

/** The step as the wizard holds it: the list lives in the parent, every change goes through onFilesChange. */
function Harness({ initial = [], onChange }: { initial?: ChosenFile[]; onChange: (next: ChosenFile[]) => void }) {
  const [files, setFiles] = useState(initial);
  return (
    <DocumentUploads
      files={files}
      onFilesChange={(next) => {
        onChange(next);
        setFiles(next);
      }}
    />
  );
}

async function mount(initial?: ChosenFile[]) {
  const onChange = vi.fn<(next: ChosenFile[]) => void>();
  const el = document.body.appendChild(document.createElement('div'));
  await act(async () => createRoot(el).render(<Harness initial={initial} onChange={onChange} />));
  return { el, onChange };
}

/** Lets react-dropzone read the files (it does so in a promise) and React commit what followed. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

/** What the file dialog does: the hidden input gets the files and fires `change`. */
async function chooseInDialog(el: HTMLElement, files: File[]) {
  const input = el.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await settle();
}

/** What a drag from the desktop does: a `drop` on the zone whose dataTransfer holds the files. */
async function dropOnZone(el: HTMLElement, files: File[]) {
  const zone = el.querySelector('[role="presentation"]')!;
  const event = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', {
    value: {
      types: ['Files'],
      files,
      items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
    },
  });
  await act(async () => zone.dispatchEvent(event));
  await settle();
}

const listedNames = (el: HTMLElement) =>
  [...el.querySelectorAll('ul[aria-label="Chosen documents"] > li')].map((li) => li.querySelector('p')?.textContent);
const alertText = (el: HTMLElement) => el.querySelector('[role="alert"]')?.textContent ?? '';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('document uploads step', () => {
  it('has one Browse button, the accepted types and the size limit', async () => {
    const { el } = await mount();
    const buttons = [...el.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Browse files']);
    expect(buttons[0]!.type).toBe('button');
    expect(el.textContent).toContain('Drag and drop files here, or');
    expect(el.textContent).toContain('PDF, DOC, DOCX, PPT, PPTX, JPG, JPEG or PNG, up to 10 MB each');
    expect(el.querySelector('[role="presentation"]')!.hasAttribute('tabindex')).toBe(false);
    const accept = el.querySelector('input[type="file"]')!.getAttribute('accept')!;
    for (const extension of ['.pdf', '.docx', '.pptx', '.jpg', '.png']) expect(accept).toContain(extension);
  });

  it('adds files chosen in the dialog through onFilesChange and lists the refused ones with reasons', async () => {
    const { el, onChange } = await mount();

    await chooseInDialog(el, [file('deck.pdf', 2048), file('setup.exe', 10, 'application/x-msdownload')]);

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0].map((f) => [f.file.name, f.status])).toEqual([['deck.pdf', 'ready']]);
    expect(listedNames(el)).toEqual(['deck.pdf']);
    expect(el.textContent).toContain('2 KB');
    expect(alertText(el)).toContain('setup.exe');
    expect(alertText(el)).toContain(fileProblemMessages.unsupported_type);
  });

  it('adds dropped files and lists every refused one, whatever react-dropzone thought of its type', async () => {
    const { el, onChange } = await mount();

    await dropOnZone(el, [
      file('photo.png', 300, 'image/png'),
      file('notes.txt', 300, 'text/plain'),
      file('empty.pdf', 0),
      file('photo.png', 300, 'image/png'),
    ]);

    expect(onChange.mock.lastCall![0].map((f) => f.file.name)).toEqual(['photo.png']);
    expect(listedNames(el)).toEqual(['photo.png']);
    const alert = alertText(el);
    expect(alert).toContain(`notes.txt: ${fileProblemMessages.unsupported_type}`);
    expect(alert).toContain(`empty.pdf: ${fileProblemMessages.empty}`);
    expect(alert).toContain(`photo.png: ${choiceMessages.duplicate}`);
  });

  it('keeps the refusals until dismissed or until files are added again', async () => {
    const { el } = await mount();
    await chooseInDialog(el, [file('big.pdf', 11 * 1024 * 1024)]);
    expect(alertText(el)).toContain(fileProblemMessages.too_large);

    await chooseInDialog(el, [file('fine.pdf', 10)]);
    expect(alertText(el)).toBe('');

    await chooseInDialog(el, [file('run.exe', 10)]);
    const dismiss = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Dismiss')!;
    await act(async () => dismiss.click());
    expect(alertText(el)).toBe('');
    expect(document.activeElement?.textContent).toBe('Browse files');
  });

  it('removes a file with its Remove button', async () => {
    const { el, onChange } = await mount();
    await chooseInDialog(el, [file('a.pdf', 10), file('b.pdf', 20)]);

    await act(async () => el.querySelector<HTMLButtonElement>('button[aria-label="Remove a.pdf"]')!.click());

    expect(onChange.mock.lastCall![0].map((f) => f.file.name)).toEqual(['b.pdf']);
    expect(listedNames(el)).toEqual(['b.pdf']);
  });

  it('shows each file’s upload state and offers Remove only before it is on its way', async () => {
    const states: ChosenFile[] = [
      { id: '1', file: file('a.pdf', 10), status: 'uploading', progress: 0.42 },
      { id: '2', file: file('b.pdf', 10), status: 'done', progress: 1 },
      { id: '3', file: file('c.pdf', 10), status: 'failed', progress: 0, error: 'Not a PDF.' },
    ];
    const { el } = await mount(states);

    const progress = el.querySelector('progress')!;
    expect(progress.getAttribute('aria-label')).toBe('Uploading a.pdf');
    expect(progress.getAttribute('value')).toBe('42');
    expect(el.textContent).toContain('42%');
    expect(el.textContent).toContain('Uploaded');
    expect(el.querySelector('.text-red-700')?.textContent).toBe('Not a PDF.');
    const removable = [...el.querySelectorAll('button[aria-label^="Remove"]')].map((b) => b.getAttribute('aria-label'));
    expect(removable).toEqual(['Remove c.pdf']);
  });
});
