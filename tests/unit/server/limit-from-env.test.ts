// A limit set by an environment variable (FORM_RATE_LIMIT, SIGN_IN_RATE_LIMIT) can be raised, never switched off.
import { describe, expect, it } from 'vitest';
import { limitFromEnv } from '../../../src/server/rate-limit.ts';

describe('limitFromEnv', () => {
  it('takes a positive whole number', () => {
    expect(limitFromEnv('100000', 10)).toBe(100000);
    expect(limitFromEnv('1', 10)).toBe(1);
  });

  it.each([undefined, '', '0', '-5', '2.5', 'ten', 'Infinity', '1e400'])('keeps the default for %j', (value) => {
    expect(limitFromEnv(value, 10)).toBe(10);
  });
});
