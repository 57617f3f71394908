/**
 * A session's device and browser in words, from the User-Agent it signed in with ("iPhone", "Safari 17"), for the
 * staff member's list of their own sessions. Deliberately small: a handful of rules for the browsers and systems
 * staff use, checked in the order that matters (Edge and Opera also say "Chrome", Chrome also says "Safari"); what
 * it does not recognise is "Unknown", never a guess. The header is the client's own claim: it helps a person
 * recognise their devices, it proves nothing.
 */

/** What a person sees of a session's device and browser. */
export interface Agent {
  device: string;
  browser: string;
}

const UNKNOWN: Agent = { device: 'Unknown device', browser: 'Unknown browser' };
/** Longer than any real User-Agent: a longer header is read no further. */
const MAX_LENGTH = 512;

// [pattern, name]: the first match names it; a browser pattern's group is its version.
const DEVICES: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bAndroid\b.*\bMobile\b/, 'Android phone'],
  [/\bAndroid\b/, 'Android tablet'],
  [/\bCrOS\b/, 'Chromebook'],
  [/\bWindows\b/, 'Windows computer'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux computer'],
];

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//, 'Safari'],
];

/** The device and browser named by a User-Agent header (null or empty: unknown). */
export function describeAgent(userAgent: string | null | undefined): Agent {
  const text = (userAgent ?? '').slice(0, MAX_LENGTH);
  if (!text.trim()) return UNKNOWN;
  const device = DEVICES.find(([pattern]) => pattern.test(text))?.[1] ?? UNKNOWN.device;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) return { device, browser: `${name} ${match[1]}` };
  }
  return { device, browser: UNKNOWN.browser };
}
