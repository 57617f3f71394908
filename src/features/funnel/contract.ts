/**
 * The intake funnel's contract, browser-safe (docs/decisions/0032-attribution-and-dashboard.md): the body of
 * `POST /api/intake-funnel`, which the wizard sends when a step is reached and when the intake is sent.
 */
import * as z from 'zod/mini';
import { funnelSteps } from '../../lib/statuses.ts';

export { funnelSteps, type FunnelStep } from '../../lib/statuses.ts';

export const funnelEventSchema = z.object({
  step: z.enum(funnelSteps, `Use ${funnelSteps.join(', ')}`),
});

export type FunnelEvent = z.output<typeof funnelEventSchema>;
