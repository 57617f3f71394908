// @vitest-environment happy-dom
import { zodResolver } from '@hookform/resolvers/zod';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CheckboxGroupField, SelectField, TextField } from '../../../src/islands/forms/fields.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z.object({
  email: z.string().check(z.minLength(1, 'Email is required')),
  role: z.string(),
  tags: z.array(z.string()).check(z.minLength(1, 'Pick one')),
});
type Values = z.infer<typeof schema>;

let form: UseFormReturn<Values>;

function Harness({ announce = false }: { announce?: boolean }) {
  form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', role: 'b', tags: [] } });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(() => {})} noValidate>
        <TextField id="the-email" name="email" label="Email" hint="Your work address." required announce={announce} />
        <SelectField
          name="role"
          label="Role"
          placeholder={null}
          options={[
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ]}
        />
        <CheckboxGroupField name="tags" label="Tags" options={[{ value: 'x', label: 'X' }]} />
        <button type="submit">Send</button>
      </form>
    </FormProvider>
  );
}

async function mount(announce?: boolean) {
  const el = document.body.appendChild(document.createElement('div'));
  await act(async () => createRoot(el).render(<Harness announce={announce} />));
  return el;
}
const submit = (el: HTMLElement) => act(async () => el.querySelector('button')!.click());
const describedText = (control: Element) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the field wrapper', () => {
  it('labels the control, and ties the hint to it before any error', async () => {
    const el = await mount();
    const input = el.querySelector<HTMLInputElement>('#the-email')!;
    expect(el.querySelector('label[for="the-email"]')?.textContent).toBe('Email *');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(describedText(input)).toBe('Your work address.');
  });

  it("shows the schema's message under each refused field, tied to it and marked invalid", async () => {
    const el = await mount();
    await submit(el);
    const input = el.querySelector<HTMLInputElement>('#the-email')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toBe('Your work address. | Email is required');
    expect(document.activeElement).toBe(input);
    const group = el.querySelector('fieldset')!;
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(group)).toContain('Pick one');
    // A field that passed shows nothing, and a select without a placeholder offers only the options.
    const select = el.querySelector('select')!;
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect([...select.options].map((o) => o.value)).toEqual(['a', 'b']);
  });

  it("shows a server's message set with setError the same way", async () => {
    const el = await mount();
    await act(async () => form.setError('role', { message: 'That role is gone' }));
    const select = el.querySelector('select')!;
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(select)).toBe('That role is gone');
    expect(el.querySelector('[role="alert"]')).toBeNull();
  });

  it('announces the error as an alert when asked, as a new element after each refused submit', async () => {
    const el = await mount(true);
    await submit(el);
    const first = el.querySelector('[role="alert"]')!;
    expect(first.textContent).toBe('Email is required');
    await submit(el);
    const second = el.querySelector('[role="alert"]')!;
    expect(second.textContent).toBe('Email is required');
    expect(second).not.toBe(first);
  });
});
