/** Double submits are harmless (docs/decisions/0009-idempotent-submits.md): the first submit with a key claims it, later ones get its id. */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

/**
 * Claims `key` for a new record inside the caller's transaction. Returns `{ id, duplicate: false }` with
 * the id the new record must take, or the id of the record an earlier submit with the key created. A
 * concurrent submit with the same key waits on the claim's unique index, then sees the winner's id.
 */
export async function claimSubmitKey(tx: Tx, scope: string, key: string): Promise<{ id: string; duplicate: boolean }> {
  const id = randomUUID();
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ key: `${scope}:${key}`, scope, resourceId: id })
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning({ id: idempotencyKeys.resourceId });
  if (claimed.length) return { id, duplicate: false };
  const [prior] = await tx
    .select({ id: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, `${scope}:${key}`), eq(idempotencyKeys.scope, scope)));
  if (!prior) throw new Error(`idempotency key ${scope}:${key} is claimed under another scope`);
  return { id: prior.id, duplicate: true };
}
