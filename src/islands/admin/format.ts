/** Dates in the portal (decision 19), with date-fns: `MMM dd, yyyy` and `MMM dd, yyyy HH:mm`. */
import { format } from 'date-fns';

export const day = (value: string | Date): string => format(new Date(value), 'MMM dd, yyyy');
export const dayTime = (value: string | Date): string => format(new Date(value), 'MMM dd, yyyy HH:mm');
