/**
 * The intake funnel's contract, browser-safe (docs/decisions/0032-attribution-and-dashboard.md): the body of
 * `POST /api/intake-funnel`, which the wizard sends when a step is reached and when the intake is sent, and of
 * `POST /api/visits`, which counts the site's visits.
 */
import * as z from 'zod/mini';
import { funnelSteps } from '../../lib/statuses.ts';
import { attributionSchema, type Attribution } from '../../lib/forms/attribution.schema.ts';

export { funnelSteps, type FunnelStep } from '../../lib/statuses.ts';

export const funnelEventSchema = z.object({
  step: z.enum(funnelSteps, `Use ${funnelSteps.join(', ')}`),
});

export type FunnelEvent = z.output<typeof funnelEventSchema>;

/**
 * The body of `POST /api/visits` (docs/decisions/0046-bookings-from-the-schedulers.md), which the layout's script
 * sends once a visit: the visit's first touch as src/lib/attribution.ts kept it (landing path, referrer origin,
 * `utm_*`), checked with the forms' own rules; any other key is dropped.
 */
export const visitSchema = attributionSchema;
export type VisitEvent = Attribution;
