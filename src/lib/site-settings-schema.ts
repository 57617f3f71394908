/**
 * The agency's identity as content (`content/site/settings.json`, "Site settings" in the editor at /cms): how to
 * reach it, where it is, its social pages, the map of the contact page and the legal entity the legal pages name.
 * The footer, the contact page, the legal pages, the mails and the JSON-LD read it through src/config/site.ts;
 * `npm run check:content` and the editor hold the file to this schema, and a deployed build refuses the
 * repository's invented values (src/config/identity.ts, docs/decisions/0042-agency-runs-it-alone.md).
 *
 * Only regular expressions and prefixes: the editor turns each rule into a field pattern (cms-fields.ts).
 */
import { z } from 'astro/zod';

const text = (max: number) => {
  const message = `must be 1–${max} characters`;
  return z.string('must be text').trim().min(1, message).max(max, message);
};
const https = (prefix: string, example: string) =>
  z
    .string('must be a web address')
    .trim()
    .startsWith(prefix, `must start with ${prefix} (e.g. ${example})`)
    .regex(/^\S+$/, 'must be one web address, without spaces')
    .max(2000, 'must be at most 2,000 characters');

export const siteSettingsSchema = () =>
  z.strictObject({
    /** The public contact address, printed on the site and in every mail (its Reply-To). */
    email: z
      .string('must be text')
      .trim()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address, e.g. hello@agency.com')
      .max(120, 'must be at most 120 characters'),
    /** As printed; the `tel:` link keeps its + and digits. */
    phone: z
      .string('must be text')
      .trim()
      .regex(/^\+?[0-9][0-9 ().-]{5,24}$/, 'must be a phone number: digits, spaces, ( ) . - and a leading +'),
    address: z.strictObject(
      {
        street: text(120),
        city: text(60),
        region: text(60),
        postalCode: text(20),
        country: z.string('must be text').regex(/^[A-Z]{2}$/, 'must be a two-letter country code, e.g. US'),
      },
      'must hold street, city, region, postal code and country',
    ),
    social: z.strictObject(
      {
        linkedin: https('https://www.linkedin.com/', 'https://www.linkedin.com/company/agency').optional(),
        x: https('https://x.com/', 'https://x.com/agency').optional(),
        youtube: https('https://www.youtube.com/', 'https://www.youtube.com/@agency').optional(),
      },
      'may hold linkedin, x and youtube',
    ),
    /** The contact page's map: Google Maps' "Share → Embed a map" address (the only frame the site allows). */
    mapEmbedUrl: https('https://www.google.com/maps/embed?', 'Google Maps → Share → Embed a map → the src address'),
    legalEntity: z.strictObject(
      {
        /** The registered name, e.g. "Bolesta Marketing LLC": the controller the privacy policy names. */
        name: text(120),
        /** Where and how it is registered, e.g. "a Pennsylvania limited liability company". */
        registration: text(200).optional(),
      },
      'must hold name',
    ),
  });

export type SiteSettings = z.infer<ReturnType<typeof siteSettingsSchema>>;
