/**
 * The buttons of the portal's account forms (sign-in, the code step, account security), in one place, from the
 * islands' button variants; their fields are the public forms' (src/islands/forms/fields.tsx).
 */
import { buttonClass } from '../../../lib/ui/button.ts';

export const primaryButton = buttonClass({ variant: 'primary', size: 'form' });

export const secondaryButton = buttonClass({ variant: 'secondary' });

export const linkButton = buttonClass({ variant: 'link', size: 'inline' });
