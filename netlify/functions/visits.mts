// POST /api/visits { landingPath?, referrer?, utm*? }: a visit began (the layout's script, once a visit). 204;
// counters only (docs/decisions/0046-bookings-from-the-schedulers.md): one more for the day, source, campaign and
// landing page; no identifier, no address, no user agent is stored.
import type { Config } from '@netlify/functions';
import { visitSchema } from '../../src/features/funnel/contract.ts';
import { countVisit, VISIT_BODY_BYTES, VISITS_RATE_LIMIT } from '../../src/features/funnel/visits.ts';
import { counterEndpoint } from '../../src/features/funnel/counter-endpoint.ts';

export default counterEndpoint({
  path: '/api/visits',
  key: 'visits',
  limit: VISITS_RATE_LIMIT,
  schema: visitSchema,
  maxBytes: VISIT_BODY_BYTES,
  what: ['visit', 'visits'],
  count: (db, touch) => countVisit(db, touch),
});

export const config: Config = { path: '/api/visits' };
