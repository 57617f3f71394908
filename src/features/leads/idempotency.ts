/** Double submits are harmless (docs/decisions/0009-idempotent-submits.md): the first submit with a key claims it, later ones get its id. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { insertSelect } from '../../db/statement.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { hashSecret } from '../../server/secret-tokens.ts';

/**
 * The stored form of a submit key: the SHA-256 (hex) of `scope:key`, like every other secret a browser holds,
 * so a copy of the database cannot replay a submit. Migration 0008_privacy rehashed the rows stored in clear
 * with the same function (`encode(sha256(convert_to(key, 'UTF8')), 'hex')` of the whole `scope:key`), so a
 * key sent before the migration still finds its record.
 */
export const storedSubmitKey = (scope: string, key: string): string => hashSecret(`${scope}:${key}`);

/**
 * The claim of `key` for the record `id` as a CTE of a one-statement submit (src/db/statement.ts), made when the
 * CTE `after` (if any) has a row: it returns a row only when this submit claimed the key, so the CTEs after it
 * write nothing for a repeat.
 */
export const claimInStatement = (scope: string, key: string, id: string, after?: string): SQL =>
  sql`${insertSelect(idempotencyKeys, { key: storedSubmitKey(scope, key), scope, resourceId: id }, after)} on conflict (${sql.identifier(idempotencyKeys.key.name)}) do nothing returning 1`;

/** The id of the record an earlier submit with `key` created (a concurrent claim waited for, then read). */
export async function priorClaim(db: Tx | Db, scope: string, key: string): Promise<string> {
  const [prior] = await db
    .select({ id: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, storedSubmitKey(scope, key)), eq(idempotencyKeys.scope, scope)));
  // The log names the scope only: the key is a secret of the browser that sent it.
  if (!prior) throw new Error(`a ${scope} submit key is claimed under another scope`);
  return prior.id;
}
