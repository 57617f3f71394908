/**
 * A public endpoint that only counts (the intake funnel's steps, the site's visits; docs/decisions/0032 and 0046):
 * POST only, this site's Origin, rate limited per client under a keyed hash of its address (so not even the limit's
 * row holds the address), a JSON body of at most `maxBytes` checked by `schema` (a 422 naming the field), then one
 * `count`; 204. Nothing that names the visitor is stored by it.
 */
import type * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { answerOrFail, unavailable } from '../../server/errors.ts';
import { checkOrigin, readJson } from '../../server/guards.ts';
import { allowMethods, noContent, withErrors } from '../../server/http.ts';
import { anonymousClientKey, limitedDb, type RateLimit } from '../../server/rate-limit.ts';

export interface Counter<S extends z.ZodMiniType> {
  /** The route, for the log. */
  path: string;
  /** The rate limit's key prefix. */
  key: string;
  limit: RateLimit;
  schema: S;
  maxBytes: number;
  /** What one request counts, and its plural, for the answers: `step`, `steps`. */
  what: readonly [one: string, many: string];
  count: (db: Db, body: z.output<S>) => Promise<void>;
}

export function counterEndpoint<S extends z.ZodMiniType>(counter: Counter<S>) {
  const [one, many] = counter.what;
  return withErrors(async (request, context) => {
    const guard = allowMethods(request, ['POST']) ?? checkOrigin(request);
    if (guard) return guard;
    const failed = unavailable(`The ${one} could not be counted just now.`);
    const db = await limitedDb(
      `${counter.key}:${anonymousClientKey(context.ip)}`,
      counter.limit,
      failed,
      `Too many ${many} counted from your network.`,
    );
    if (db instanceof Response) return db;
    return answerOrFail(
      async () => {
        await counter.count(db, await readJson(request, counter.schema, counter.maxBytes));
        return noContent();
      },
      failed,
      `[${context.requestId}] ${counter.path}: ${one} not counted`,
    );
  });
}
