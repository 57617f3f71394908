/** Formatting shared by pages, islands and the portal (docs/decisions/0019-toasts-and-date-formats.md: `MMM dd, yyyy`). */

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `Nov 05, 2026`, in UTC so that a date-only value never shifts by a day. */
export function formatDate(date: Date): string {
  return `${months[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, '0')}, ${date.getUTCFullYear()}`;
}

/** `Nov 05, 2026 14:30` in the reader's own time zone (docs/decisions/0019-toasts-and-date-formats.md), for moments such as a saved draft. */
export function formatDateTime(date: Date): string {
  const hh = String(date.getHours()).padStart(2, '0');
  const mm = String(date.getMinutes()).padStart(2, '0');
  return `${months[date.getMonth()]} ${String(date.getDate()).padStart(2, '0')}, ${date.getFullYear()} ${hh}:${mm}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** `$1,350`: a package price or a budget, in whole U.S. dollars. */
export const formatUsd = (amount: number): string => usd.format(amount);
