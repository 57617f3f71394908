/** Fields every public form sends alongside its answers, for spam defence and double-submit safety. */
import { z } from 'zod';

/** A person needs at least this long to fill in a form; faster submits are flagged as spam. */
export const MIN_FILL_MS = 3000;

export const submitMeta = z.object({
  /** Hidden honeypot field: people leave it empty, bots fill it in. */
  website: z.string().max(500).optional().default(''),
  /** When the form was shown (ms since the epoch), to measure the fill time. */
  startedAt: z.number().int().nonnegative().optional(),
  /** One key per submit attempt; the same key never creates a second record (decision 9). */
  idempotencyKey: z.uuid('A valid idempotency key is required'),
});

/** Why a submit looks automated, or null when it looks human. */
export function spamReason(meta: { website?: string; startedAt?: number }, now = Date.now()): string | null {
  if (meta.website && meta.website.trim() !== '') return 'honeypot';
  if (meta.startedAt !== undefined && now - meta.startedAt < MIN_FILL_MS) return 'too_fast';
  return null;
}
