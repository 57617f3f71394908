/**
 * Debian's Chromium, as the end-to-end tests and the Lighthouse bench start it: nothing may download a browser
 * build here, and a headless run must not reach out to Google's services or update itself.
 */
/** Where Debian puts the full browser and its headless shell (npm test's prerequisites look there too). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const chromiumPath = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;

/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`: the same Blink and V8 without the browser's
 * own windows and WebUI), which Playwright itself runs for headless tests by default. The end-to-end tests drive it:
 * the same run took 263 s rather than 374 (docs/decisions/0039-test-time-budget.md). Where it is missing, the full
 * browser does the same, more slowly: point CHROMIUM_HEADLESS_SHELL_PATH at it.
 */
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? DEBIAN_HEADLESS_SHELL;

/** The flags after `--headless` (Playwright passes its own headless flag; Lighthouse wants `--headless=new`). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
