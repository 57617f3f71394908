/**
 * The one path every public form submit takes: method, Origin, database, body parsing with the form's shared
 * schema, then its service in one statement that also counts the per-IP rate limit (a refused body is counted
 * on its own), then the mail drain in the background. Each form's function only names its schema and its service.
 */
import type * as z from 'zod/mini';
import { answerOrFail, rateLimited, refusalResponse, unavailable } from '../../server/errors.ts';
import { checkOrigin, readJson } from '../../server/guards.ts';
import { allowMethods, json, withErrors, type Handler } from '../../server/http.ts';
import { drainInBackground } from '../../server/mail/sender.ts';
import { clientAddressKey, FORM_RATE_LIMIT, hitRateLimit, type CountedRequest } from '../../server/rate-limit.ts';
import { getDb, type Db } from '../../db/client.ts';

interface FormEndpoint<S extends z.ZodMiniType, R extends { id: string }> {
  schema: S;
  /** Stores the submit (and queues its mail), counting `counted` in the same statement; its answer is the 201 body. */
  submit: (db: Db, input: z.output<S>, counted: CountedRequest, request: Request) => Promise<R>;
  /** Largest JSON body accepted, in bytes. */
  maxBytes?: number;
  /** Message of the 503 when the database cannot be reached. */
  unavailableMessage: string;
}

const TOO_MANY = 'Too many submissions from your network. Please try again later.';

/** A function that accepts one public form (POST only). */
export function formEndpoint<S extends z.ZodMiniType, R extends { id: string }>(endpoint: FormEndpoint<S, R>): Handler {
  // Read only, so built once (an Error per request, its stack captured, was 1% of a loaded server's CPU).
  const failed = unavailable(endpoint.unavailableMessage);
  return withErrors(async (request, context) => {
    const guard = allowMethods(request, ['POST']) ?? checkOrigin(request);
    if (guard) return guard;
    const handle = await getDb().catch(() => null);
    if (!handle) return refusalResponse(failed);
    const { db } = handle;
    const counted = { key: `form:${clientAddressKey(context.ip)}`, limit: FORM_RATE_LIMIT, tooMany: TOO_MANY };

    return answerOrFail(
      async () => {
        let input: z.output<S>;
        try {
          input = await readJson(request, endpoint.schema, endpoint.maxBytes);
        } catch (refused) {
          // A refused body is a request too: counted on its own, and answered 429 over the limit.
          const hit = await hitRateLimit(db, counted.key, counted.limit).catch(() => null);
          if (!hit) throw failed;
          if (!hit.allowed) throw rateLimited(TOO_MANY, hit.retryAfter);
          throw refused;
        }
        // The rate limit is counted in the submit's own statement (one round trip, store-request.ts).
        const result = await endpoint.submit(db, input, counted, request);
        // Send right away when possible; the scheduled drain retries whatever fails.
        context.waitUntil(drainInBackground(db));
        return json(result, { status: 201 });
      },
      failed,
      `[${context.requestId}] ${new URL(request.url).pathname}: submit not stored`,
    );
  });
}
