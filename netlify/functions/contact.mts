// POST /api/contact: the contact form. 201 { id } when stored; 4xx { error } with the fields otherwise.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { contactSchema } from '../../src/lib/forms/contact.schema.ts';
import { submitContactMessage } from '../../src/server/contact.ts';
import { checkOrigin, parseJson } from '../../src/server/guards.ts';
import { allowMethods, apiError, json, withErrors } from '../../src/server/http.ts';
import { drainOutbox } from '../../src/server/mail/sender.ts';
import { FORM_RATE_LIMIT, hitRateLimit } from '../../src/server/rate-limit.ts';

export default withErrors(async (request, context) => {
  const guard = allowMethods(request, ['POST']) ?? checkOrigin(request);
  if (guard) return guard;

  const db = await getDb().catch(() => null);
  if (!db) return unavailable();

  const limited = await hitRateLimit(db.db, `form:${context.ip}`, FORM_RATE_LIMIT).catch(() => null);
  if (!limited) return unavailable();
  if (!limited.allowed) {
    return apiError(429, 'rate_limited', 'Too many submissions from your network. Please try again later.', undefined, {
      'Retry-After': String(limited.retryAfter),
    });
  }

  const parsed = await parseJson(request, contactSchema);
  if ('response' in parsed) return parsed.response;

  try {
    const { id } = await submitContactMessage(db.db, parsed.data);
    // Send right away when possible; the scheduled drain retries whatever fails.
    context.waitUntil(drainOutbox(db.db));
    return json({ id }, { status: 201 });
  } catch (error) {
    console.error(`[${context.requestId}] contact message not stored:`, error);
    return unavailable();
  }
});

const unavailable = () =>
  apiError(503, 'unavailable', 'We could not save your message just now. Please try again in a minute.', undefined, {
    'Retry-After': '30',
  });

export const config: Config = { path: '/api/contact' };
