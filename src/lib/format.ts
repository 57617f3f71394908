/** Formatting shared by pages, islands and the portal (decision 19: `MMM dd, yyyy`). */

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `Nov 05, 2026`, in UTC so that a date-only value never shifts by a day. */
export function formatDate(date: Date): string {
  return `${months[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, '0')}, ${date.getUTCFullYear()}`;
}
