/**
 * The `attribution` every public form sends (docs/decisions/0032-attribution-and-dashboard.md): one schema for the
 * islands, which send what src/lib/attribution.ts kept of the visit's first touch, and for the functions, which
 * store it with the request. Every field is optional and capped; a value that breaks a cap is a 422 naming it.
 */
import * as z from 'zod/mini';
import {
  FIRST_TOUCH_KEY,
  LANDING_PATH,
  LANDING_PATH_MAX,
  REFERRER_MAX,
  REFERRER_ORIGIN,
  UTM_MAX,
  visitStorage,
  type Attribution,
} from '../attribution.ts';

export type { Attribution } from '../attribution.ts';

const utm = (label: string) =>
  z.optional(z.string().check(z.trim(), z.maxLength(UTM_MAX, `Keep the ${label} under ${UTM_MAX} characters`)));

export const attributionSchema = z.object({
  landingPath: z.optional(
    z
      .string()
      .check(
        z.maxLength(LANDING_PATH_MAX, `Keep the landing path under ${LANDING_PATH_MAX} characters`),
        z.regex(LANDING_PATH, 'The landing path must be a path on this site, without a query'),
      ),
  ),
  referrer: z.optional(
    z
      .string()
      .check(
        z.maxLength(REFERRER_MAX, `Keep the referrer under ${REFERRER_MAX} characters`),
        z.regex(REFERRER_ORIGIN, 'The referrer must be an origin such as https://example.com'),
      ),
  ),
  utmSource: utm('campaign source'),
  utmMedium: utm('campaign medium'),
  utmCampaign: utm('campaign name'),
  utmTerm: utm('campaign term'),
  utmContent: utm('campaign content'),
}) satisfies z.ZodMiniType<Attribution>;

/**
 * The visit's first touch as a form sends it: undefined when none was kept, or when what was kept is not valid
 * (a visitor cannot fix a bad value in their storage, so it must never cost them the submit).
 */
export function firstTouch(store: Storage | null = visitStorage()): Attribution | undefined {
  try {
    const kept = store?.getItem(FIRST_TOUCH_KEY);
    if (!kept) return undefined;
    const parsed = attributionSchema.safeParse(JSON.parse(kept));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
