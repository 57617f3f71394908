/**
 * Upload tokens: `POST /api/audits` gives the intake one, and it authorises attaching documents to that
 * submission and nothing else, for a couple of hours. Only the token's SHA-256 is stored.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { uploadTokens } from '../../db/schema.ts';
import { hashSecret as hash, newSecret } from '../../server/secret-tokens.ts';

/** How long a token lets the browser upload after the submit. */
export const UPLOAD_TOKEN_TTL_MS = 2 * 3600_000;

/**
 * Makes a token for the submission stored at `submittedAt`; returns it with its expiry (the only time it is
 * ever seen). The window is the submission's, not the request's: a token expires UPLOAD_TOKEN_TTL_MS after the
 * submit, and a replayed submit (the same idempotency key, honoured for 30 days) after that gets none (null), so
 * an old key cannot reopen the submission to uploads.
 */
export async function issueUploadToken(
  tx: Tx | Db,
  submissionId: string,
  submittedAt = new Date(),
  now = submittedAt,
): Promise<{ token: string; expiresAt: string } | null> {
  const expiresAt = new Date(submittedAt.getTime() + UPLOAD_TOKEN_TTL_MS);
  if (expiresAt <= now) return null;
  const { token, hash: tokenHash } = newSecret();
  await tx.insert(uploadTokens).values({ tokenHash, auditSubmissionId: submissionId, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/** The submission a live token belongs to, or null for an unknown or expired token. */
export async function submissionForToken(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ id: uploadTokens.auditSubmissionId })
    .from(uploadTokens)
    .where(and(eq(uploadTokens.tokenHash, hash(token)), gt(uploadTokens.expiresAt, now)));
  return row?.id ?? null;
}

/** The bearer token of a request (`Authorization: Bearer …`), or null. */
export const bearerToken = (request: Request): string | null =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
