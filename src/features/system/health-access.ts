/**
 * Who may read the health check's detail (src/features/system/health.ts): the holder of HEALTH_TOKEN, sent as
 * `Authorization: Bearer <HEALTH_TOKEN>` and compared in constant time. Without the header (or with another
 * scheme, such as the Basic credentials of a password-protected deploy preview) a request gets the public answer;
 * a Bearer value that is not the token (or any, while HEALTH_TOKEN is unset) is refused.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type HealthAccess = 'public' | 'detail' | 'refused';

/** Shortest HEALTH_TOKEN taken: a shorter one could be guessed, and is treated as unset. */
export const HEALTH_TOKEN_MIN = 32;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function healthAccess(request: Request, healthToken: string | undefined): HealthAccess {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  if (!bearer) return 'public';
  const token = healthToken?.trim() ?? '';
  if (token.length < HEALTH_TOKEN_MIN) return 'refused';
  // Digests of equal length: timingSafeEqual neither throws nor leaks the token's length.
  return timingSafeEqual(digest(bearer[1]!), digest(token)) ? 'detail' : 'refused';
}
