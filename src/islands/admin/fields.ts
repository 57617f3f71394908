/** The look of the portal's account forms (sign-in, the code step, account security), in one place. */
import { buttonClass } from '../ui/button.ts';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600';

export const primaryButton = buttonClass({ variant: 'primary', size: 'form' });

export const secondaryButton = buttonClass({ variant: 'secondary' });

export const linkButton = buttonClass({ variant: 'link', size: 'inline' });
