/**
 * A lead's source: the one place it is derived (docs/decisions/0032-attribution-and-dashboard.md), from the
 * first-touch attribution of the lead's first request. The rule, in order:
 *
 * 1. the campaign's `utm_source`, in lower case, with the usual spellings of one network made one
 *    (`LinkedIn`, `linkedin.com`, `lnkd.in` are all `linkedin`);
 * 2. else a known referrer: a search engine by its name (`google`, `bing`, …), LinkedIn as `linkedin`, any
 *    other site as `referral` (its origin stays on the request);
 * 3. else `direct`.
 *
 * A lead that came before the site kept attribution has no source (`null`, shown as "Not recorded").
 * Browser-safe: the portal labels sources with `sourceLabel`.
 */
import type { Attribution } from './attribution.ts';

/** The referrer hosts (and their subdomains) of each known source. */
const knownHosts: Record<string, readonly string[]> = {
  google: ['google.com', 'google.co.uk', 'google.ca', 'google.de', 'google.fr', 'google.ch', 'google.com.au'],
  bing: ['bing.com'],
  duckduckgo: ['duckduckgo.com'],
  yahoo: ['search.yahoo.com'],
  ecosia: ['ecosia.org'],
  brave: ['search.brave.com'],
  baidu: ['baidu.com'],
  yandex: ['yandex.com', 'yandex.ru'],
  linkedin: ['linkedin.com', 'lnkd.in'],
};

/** Other spellings of a known source's `utm_source`. */
const aliases: Record<string, string> = {
  'linkedin.com': 'linkedin',
  'lnkd.in': 'linkedin',
  li: 'linkedin',
  'google.com': 'google',
  'bing.com': 'bing',
  'duckduckgo.com': 'duckduckgo',
};

/** How the portal names a source. */
const labels: Record<string, string> = {
  linkedin: 'LinkedIn',
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  yahoo: 'Yahoo',
  ecosia: 'Ecosia',
  brave: 'Brave Search',
  baidu: 'Baidu',
  yandex: 'Yandex',
  newsletter: 'Newsletter',
  email: 'Email',
  referral: 'Other site',
  direct: 'Direct',
};

/** The source of a known referrer host, or undefined. */
function hostSource(host: string): string | undefined {
  const bare = host.toLowerCase().replace(/\.$/, '');
  for (const [source, hosts] of Object.entries(knownHosts)) {
    if (hosts.some((known) => bare === known || bare.endsWith(`.${known}`))) return source;
  }
  // Google's many country domains: google.<tld> and google.co.<tld>, google.com.<tld>.
  if (/(^|\.)google\.(com?\.)?[a-z]{2,3}$/.test(bare)) return 'google';
  return undefined;
}

/** The source of a first touch, by the rule above. */
export function leadSource(attribution: Attribution | null | undefined): string {
  const utm = (attribution?.utmSource ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (utm) return aliases[utm] ?? utm;
  if (attribution?.referrer) {
    try {
      return hostSource(new URL(attribution.referrer).hostname) ?? 'referral';
    } catch {
      return 'referral';
    }
  }
  return 'direct';
}

/** `linkedin` → `LinkedIn`; a source of no known name as it is; none as "Not recorded". */
export const sourceLabel = (source: string | null): string =>
  source === null ? 'Not recorded' : (labels[source] ?? source);

/** The `source` filter's value for the leads from before attribution, and their source in the leads' CSV. */
export const UNRECORDED = 'unrecorded';

/** The sources with a name, and the leads from before attribution: the suggestions of the leads' source filter. */
export const sourceChoices: readonly { value: string; label: string }[] = [
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
  { value: UNRECORDED, label: sourceLabel(null) },
];
