// POST /api/intake-funnel { step }: the wizard reached a step, or sent the intake. 204; counters only
// (docs/decisions/0032-attribution-and-dashboard.md): no identifier, no address is stored.
import type { Config } from '@netlify/functions';
import { funnelEventSchema } from '../../src/features/funnel/contract.ts';
import { countFunnelStep, FUNNEL_RATE_LIMIT } from '../../src/features/funnel/counters.ts';
import { counterEndpoint } from '../../src/features/funnel/counter-endpoint.ts';

export default counterEndpoint({
  path: '/api/intake-funnel',
  key: 'funnel',
  limit: FUNNEL_RATE_LIMIT,
  schema: funnelEventSchema,
  maxBytes: 1024,
  what: ['step', 'steps'],
  count: (db, { step }) => countFunnelStep(db, step),
});

export const config: Config = { path: '/api/intake-funnel' };
