// POST /api/intake-funnel { step }: the wizard reached a step, or sent the intake. 204; counters only
// (docs/decisions/0032-attribution-and-dashboard.md): no identifier, no address is stored.
import type { Config } from '@netlify/functions';
import { funnelEventSchema } from '../../src/features/funnel/contract.ts';
import { countFunnelStep, FUNNEL_RATE_LIMIT } from '../../src/features/funnel/counters.ts';
import { answerOrFail, unavailable } from '../../src/server/errors.ts';
import { checkOrigin, readJson } from '../../src/server/guards.ts';
import { allowMethods, noContent, withErrors } from '../../src/server/http.ts';
import { anonymousClientKey, limitedDb } from '../../src/server/rate-limit.ts';

export default withErrors(async (request, context) => {
  const guard = allowMethods(request, ['POST']) ?? checkOrigin(request);
  if (guard) return guard;
  const failed = unavailable('The step could not be counted just now.');
  const db = await limitedDb(
    `funnel:${anonymousClientKey(context.ip)}`,
    FUNNEL_RATE_LIMIT,
    failed,
    'Too many steps counted from your network.',
  );
  if (db instanceof Response) return db;
  return answerOrFail(
    async () => {
      const { step } = await readJson(request, funnelEventSchema, 1024);
      await countFunnelStep(db, step);
      return noContent();
    },
    failed,
    `[${context.requestId}] /api/intake-funnel: step not counted`,
  );
});

export const config: Config = { path: '/api/intake-funnel' };
