/** The look of the portal's account forms (sign-in, the code step, account security), in one place. */

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600';

export const primaryButton =
  'rounded-md bg-brand-800 px-4 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60';

export const secondaryButton =
  'rounded-md px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-60';

export const linkButton = 'font-semibold text-brand-700 underline';
