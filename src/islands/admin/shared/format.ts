/** Dates in the portal (docs/decisions/0019-toasts-and-date-formats.md), with date-fns: `MMM dd, yyyy` and `MMM dd, yyyy HH:mm`. */
// The one function from its own module: date-fns' index loads all of its ~250 (about 1.5 s per test file that renders a portal island).
import { format } from 'date-fns/format';

export const day = (value: string | Date): string => format(new Date(value), 'MMM dd, yyyy');
export const dayTime = (value: string | Date): string => format(new Date(value), 'MMM dd, yyyy HH:mm');
export const time = (value: string | Date): string => format(new Date(value), 'HH:mm');
