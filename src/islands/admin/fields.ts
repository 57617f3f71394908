/**
 * The buttons of the portal's account forms (sign-in, the code step, account security), in one place; their
 * fields are the public forms' (src/islands/forms/fields.tsx).
 */
export const primaryButton =
  'rounded-md bg-brand-800 px-4 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60';

export const secondaryButton =
  'rounded-md px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-60';

export const linkButton = 'font-semibold text-brand-700 underline';
