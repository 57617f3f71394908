/** Fields every public form sends alongside its answers: spam defence, double-submit safety, first-touch attribution. */
import * as z from 'zod/mini';
import { attributionSchema } from './attribution.schema.ts';

/** A person needs at least this long to fill in a form; faster submits are flagged as spam. */
export const MIN_FILL_MS = 3000;

export const submitMeta = z.object({
  /** Hidden honeypot field: people leave it empty, bots fill it in. */
  website: z._default(z.string().check(z.maxLength(500)), ''),
  /**
   * How long the visitor took, from the form being shown to the submit, measured by the browser: a
   * duration rather than a timestamp, so a visitor whose clock is off is not taken for a bot.
   */
  fillMs: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** One key per submit attempt; the same key never creates a second record (docs/decisions/0009-idempotent-submits.md). */
  idempotencyKey: z.uuid('A valid idempotency key is required'),
  /** Where the visit began (docs/decisions/0032-attribution-and-dashboard.md): kept with the request. */
  attribution: z.optional(attributionSchema),
});

/** Why a submit looks automated, or null when it looks human. */
export function spamReason(meta: { website?: string; fillMs?: number }): string | null {
  if (meta.website && meta.website.trim() !== '') return 'honeypot';
  if (meta.fillMs !== undefined && meta.fillMs < MIN_FILL_MS) return 'too_fast';
  return null;
}
