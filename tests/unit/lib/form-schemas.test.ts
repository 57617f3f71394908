import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  accountFieldOf,
  confirmPasswordSchema,
  forgotPasswordSchema,
  recoveryCodeSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  totpSchema,
} from '../../../src/lib/forms/account.schema.ts';
import { postSchema } from '../../../src/lib/forms/post.schema.ts';
import { addRoleSchema } from '../../../src/lib/forms/role.schema.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../src/lib/password-limits.ts';
import * as auth from '../../../src/features/accounts/auth.ts';
import { addRoleSchema as serverAddRoleSchema } from '../../../src/features/accounts/role-grants.ts';

/** The message of each field refused, by its path. */
const refusals = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
};

describe('the password length', () => {
  it('is the one better-auth is given (src/features/accounts/auth.ts reads the same constants)', () => {
    expect([auth.PASSWORD_MIN, auth.PASSWORD_MAX]).toEqual([PASSWORD_MIN, PASSWORD_MAX]);
  });

  it.each([
    ['sign-up', signUpSchema, (password: string) => ({ email: 'ada@lab.example', password })],
    ['reset', resetPasswordSchema, (password: string) => ({ password })],
  ] as const)('of a %s refuses what better-auth refuses, and takes the limits themselves', (_, schema, body) => {
    const said = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`;
    expect(refusals(schema, body('a'.repeat(PASSWORD_MIN - 1)))).toEqual({ password: said });
    expect(refusals(schema, body('a'.repeat(PASSWORD_MAX + 1)))).toEqual({ password: said });
    expect(refusals(schema, body(''))).toEqual({ password: 'Password is required' });
    expect(schema.safeParse(body('a'.repeat(PASSWORD_MIN))).success).toBe(true);
    expect(schema.safeParse(body('a'.repeat(PASSWORD_MAX))).success).toBe(true);
  });

  it('is not asked of a sign-in: an old password of any length still signs in', () => {
    expect(signInSchema.safeParse({ email: 'ada@lab.example', password: 'short' }).success).toBe(true);
  });
});

describe('the account schemas', () => {
  it('say which field is missing, with the words the sign-in screen shows', () => {
    expect(refusals(signInSchema, { email: ' ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(refusals(forgotPasswordSchema, { email: 'not an address' })).toEqual({
      email: 'Enter a valid email address',
    });
    expect(refusals(confirmPasswordSchema, { password: '' })).toEqual({ password: 'Enter your password.' });
  });

  it('take a code as typed: spaces out, a recovery code with its dash', () => {
    const app = totpSchema('six digits');
    expect(app.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(refusals(app, { code: '12345' })).toEqual({ code: 'six digits' });
    expect(recoveryCodeSchema.parse({ code: 'aBcDe12345' })).toEqual({ code: 'aBcDe-12345' });
    expect(refusals(recoveryCodeSchema, { code: '  ' })).toEqual({ code: 'Enter one of your recovery codes.' });
  });

  it("put better-auth's refusals about a field under that field", () => {
    expect(accountFieldOf('PASSWORD_TOO_COMMON')).toBe('password');
    expect(accountFieldOf('PASSWORD_TOO_SHORT')).toBe('password');
    expect(accountFieldOf('INVALID_EMAIL')).toBe('email');
    expect(accountFieldOf('INVALID_EMAIL_OR_PASSWORD')).toBeUndefined();
  });
});

describe('the portal forms and their functions share one schema', () => {
  it('add-role: the function checks with the schema the form uses', () => {
    expect(serverAddRoleSchema).toBe(addRoleSchema);
    expect(refusals(addRoleSchema, { email: '', role: 'owner' })).toEqual({
      email: 'Email is required',
      role: 'Choose admin, editor or viewer',
    });
    expect(addRoleSchema.parse({ email: ' Ada@Lab.example ' })).toEqual({ email: 'ada@lab.example', role: 'viewer' });
  });

  it('post: a title, a slug of its pattern, and content before publishing', () => {
    expect(refusals(postSchema, { title: ' ', slug: 'Not A Slug', status: 'published' })).toEqual({
      title: 'Title is required',
      slug: 'Use lowercase letters and digits joined by single hyphens',
      content: 'Content is required to publish',
    });
    expect(postSchema.safeParse({ title: 'Hello', status: 'draft' }).success).toBe(true);
  });
});
