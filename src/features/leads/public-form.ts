/**
 * The one path every public form submit takes: method, Origin, database, per-IP rate limit, body parsing
 * with the form's shared schema, then its service in one transaction, then the mail drain in the
 * background. Each form's function only names its schema and its service.
 */
import type * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { answerOrFail, unavailable } from '../../server/errors.ts';
import { checkOrigin, readJson } from '../../server/guards.ts';
import { allowMethods, json, withErrors, type Handler } from '../../server/http.ts';
import { drainInBackground } from '../../server/mail/sender.ts';
import { clientAddressKey, FORM_RATE_LIMIT, limitedDb } from '../../server/rate-limit.ts';

interface FormEndpoint<S extends z.ZodMiniType, R extends { id: string }> {
  schema: S;
  /** Stores the submit (and queues its mail); its answer is the 201 body. */
  submit: (db: Db, input: z.output<S>) => Promise<R>;
  /** Largest JSON body accepted, in bytes. */
  maxBytes?: number;
  /** Message of the 503 when the database cannot be reached. */
  unavailableMessage: string;
}

/** A function that accepts one public form (POST only). */
export function formEndpoint<S extends z.ZodMiniType, R extends { id: string }>(endpoint: FormEndpoint<S, R>): Handler {
  // Read only, so built once (an Error per request, its stack captured, was 1% of a loaded server's CPU).
  const failed = unavailable(endpoint.unavailableMessage);
  return withErrors(async (request, context) => {
    const guard = allowMethods(request, ['POST']) ?? checkOrigin(request);
    if (guard) return guard;

    const db = await limitedDb(
      `form:${clientAddressKey(context.ip)}`,
      FORM_RATE_LIMIT,
      failed,
      'Too many submissions from your network. Please try again later.',
    );
    if (db instanceof Response) return db;

    return answerOrFail(
      async () => {
        const result = await endpoint.submit(db, await readJson(request, endpoint.schema, endpoint.maxBytes));
        // Send right away when possible; the scheduled drain retries whatever fails.
        context.waitUntil(drainInBackground(db));
        return json(result, { status: 201 });
      },
      failed,
      `[${context.requestId}] ${new URL(request.url).pathname}: submit not stored`,
    );
  });
}
