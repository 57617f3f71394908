/**
 * The one path every public form submit takes: method, Origin, database, per-IP rate limit, body parsing
 * with the form's shared schema, then its service in one transaction, then the mail drain in the
 * background. Each form's function only names its schema and its service.
 */
import type * as z from 'zod/mini';
import { getDb, type Db } from '../db/client.ts';
import { checkOrigin, parseJson } from './guards.ts';
import { allowMethods, apiError, json, withErrors, type Handler } from './http.ts';
import { drainInBackground } from './mail/sender.ts';
import { clientAddressKey, FORM_RATE_LIMIT, hitRateLimit } from './rate-limit.ts';

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
  const unavailable = () =>
    apiError(503, 'unavailable', endpoint.unavailableMessage, undefined, { 'Retry-After': '30' });

  return withErrors(async (request, context) => {
    const guard = allowMethods(request, ['POST']) ?? checkOrigin(request);
    if (guard) return guard;

    const db = await getDb().catch(() => null);
    if (!db) return unavailable();

    const limited = await hitRateLimit(db.db, `form:${clientAddressKey(context.ip)}`, FORM_RATE_LIMIT).catch(
      () => null,
    );
    if (!limited) return unavailable();
    if (!limited.allowed) {
      return apiError(
        429,
        'rate_limited',
        'Too many submissions from your network. Please try again later.',
        undefined,
        {
          'Retry-After': String(limited.retryAfter),
        },
      );
    }

    const parsed = await parseJson(request, endpoint.schema, endpoint.maxBytes);
    if ('response' in parsed) return parsed.response;

    try {
      const result = await endpoint.submit(db.db, parsed.data);
      // Send right away when possible; the scheduled drain retries whatever fails.
      context.waitUntil(drainInBackground(db.db));
      return json(result, { status: 201 });
    } catch (error) {
      console.error(`[${context.requestId}] ${new URL(request.url).pathname}: submit not stored:`, error);
      return unavailable();
    }
  });
}
