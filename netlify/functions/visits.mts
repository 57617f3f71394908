// POST /api/visits { landingPath?, referrer?, utm*? }: a visit began (the layout's script, once a visit). 204;
// counters only (docs/decisions/0046-bookings-from-the-schedulers.md): one more for the day, source, campaign and
// landing page; no identifier, no address, no user agent is stored.
import type { Config } from '@netlify/functions';
import { visitSchema } from '../../src/features/funnel/contract.ts';
import { countVisit, VISIT_BODY_BYTES, VISITS_RATE_LIMIT } from '../../src/features/funnel/visits.ts';
import { answerOrFail, unavailable } from '../../src/server/errors.ts';
import { checkOrigin, readJson } from '../../src/server/guards.ts';
import { allowMethods, noContent, withErrors } from '../../src/server/http.ts';
import { anonymousClientKey, limitedDb } from '../../src/server/rate-limit.ts';

export default withErrors(async (request, context) => {
  const guard = allowMethods(request, ['POST']) ?? checkOrigin(request);
  if (guard) return guard;
  const failed = unavailable('The visit could not be counted just now.');
  const db = await limitedDb(
    `visits:${anonymousClientKey(context.ip)}`,
    VISITS_RATE_LIMIT,
    failed,
    'Too many visits counted from your network.',
  );
  if (db instanceof Response) return db;
  return answerOrFail(
    async () => {
      const touch = await readJson(request, visitSchema, VISIT_BODY_BYTES);
      await countVisit(db, touch);
      return noContent();
    },
    failed,
    `[${context.requestId}] /api/visits: visit not counted`,
  );
});

export const config: Config = { path: '/api/visits' };
