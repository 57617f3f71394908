import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';

const contact = () => ({
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Acme Bioanalytical',
  message: 'We would like to talk about webinars.',
  subscribe: false,
  consent: true,
  website: '',
  fillMs: 30_000,
  idempotencyKey: randomUUID(),
});

test('POST /api/contact stores a message through the running server, once per idempotency key', async ({
  request,
  baseURL,
}) => {
  const body = contact();
  const first = await request.post('/api/contact', { data: body, headers: { origin: baseURL! } });
  expect(first.status()).toBe(201);
  const { id } = await first.json();
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const again = await request.post('/api/contact', { data: body, headers: { origin: baseURL! } });
  expect(await again.json()).toEqual({ id });
});

test('POST /api/contact names the invalid fields and refuses other origins', async ({ request, baseURL }) => {
  const invalid = await request.post('/api/contact', {
    data: { ...contact(), email: 'nope', company: '' },
    headers: { origin: baseURL! },
  });
  expect(invalid.status()).toBe(422);
  expect((await invalid.json()).error.fields).toMatchObject({
    email: 'Enter a valid email address',
    company: 'Company is required',
  });
  const foreign = await request.post('/api/contact', { data: contact(), headers: { origin: 'https://evil.example' } });
  expect(foreign.status()).toBe(403);
});
