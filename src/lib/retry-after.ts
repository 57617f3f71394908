/**
 * A `Retry-After` header read as HTTP says it (RFC 9110: whole seconds, or an HTTP date): the milliseconds it asks to
 * wait from `now` (zero or less for a date already past), or null when it is absent or neither. Each reader bounds it
 * its own way: the intake page to the few seconds a visitor waits, the mail outbox to an hour.
 */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isNaN(ms) ? null : ms;
}
