/**
 * The agency's identity, read from the content file the editor at /cms calls "Site settings"
 * (`content/site/settings.json`, its rules in src/lib/site-settings-schema.ts): bundled into every page at build
 * and into every function, so a change is one edit and one deploy, never a code change.
 *
 * The repository ships invented values (a 555-01xx phone, "100 Market Street", a `bolesta-example` LinkedIn page,
 * `.example` mail): `identityProblems` names each field that still holds one, so a deployed build stops on them
 * (astro.config.mjs) and `/api/health` names them, as for a placeholder setting (src/config/settings.ts).
 */
import type { SiteSettings } from '../lib/site-settings-schema.ts';
import settings from '../../content/site/settings.json' with { type: 'json' };
import { isReservedHost } from './settings.ts';

/** The Site settings in force (checked against their schema by `npm run check:content` before every build). */
export const identity: SiteSettings = settings;

/** Where the file lives, for messages. */
export const IDENTITY_FILE = 'content/site/settings.json';

/** The values this repository ships: invented, never to be published. */
const INVENTED = {
  phone: '+1 (555) 010-0199',
  street: '100 Market Street, Suite 300',
  map: '!2d-75.1452!3d39.9496!',
} as const;

/** A field of the Site settings whose value will not do on a deployed site. */
export interface IdentityProblem {
  /** The field as the editor shows it: `phone`, `address`, `LinkedIn`… */
  field: string;
  problem: string;
}

const reservedMail = (value: string) => isReservedHost(value.split('@').pop() ?? '');
const reservedUrl = (value: string) => (URL.canParse(value) ? isReservedHost(new URL(value).hostname) : false);
/** Fictional numbers of the North American plan (555-0100 to 555-0199), and the shipped one. */
const fictionalPhone = (value: string) => value === INVENTED.phone || /5550?1\d\d$/.test(value.replace(/\D/g, ''));
const saysExample = (value: string) => /example/i.test(value);

const oneLine = (a: SiteSettings['address']) => `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;

/** Each field of `data` that still holds an invented or example value, named as the editor names it. */
export function identityProblems(data: SiteSettings = identity): IdentityProblem[] {
  const problems: IdentityProblem[] = [];
  const check = (field: string, value: string | undefined, invented: boolean) => {
    if (value !== undefined && (invented || saysExample(value)))
      problems.push({ field, problem: `is a placeholder (${value})` });
  };
  check('email', data.email, reservedMail(data.email));
  check('phone', data.phone, fictionalPhone(data.phone));
  const address = oneLine(data.address);
  check('address', address, data.address.street === INVENTED.street);
  check('LinkedIn', data.social.linkedin, false);
  check('X', data.social.x, false);
  check('YouTube', data.social.youtube, false);
  for (const url of [data.social.linkedin, data.social.x, data.social.youtube])
    if (url && reservedUrl(url)) problems.push({ field: 'social', problem: `is a placeholder (${url})` });
  if (data.mapEmbedUrl.includes(INVENTED.map))
    problems.push({ field: 'map', problem: 'is a placeholder (the map of the invented address)' });
  check('legal entity', data.legalEntity.name, false);
  return problems;
}

/** The problems as one line each, `Site settings: phone is a placeholder (…)`, as the build and health say them. */
export const identityProblemLines = (data: SiteSettings = identity): string[] =>
  identityProblems(data).map((p) => `Site settings: ${p.field} ${p.problem}`);
