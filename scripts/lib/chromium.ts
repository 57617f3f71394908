/**
 * Debian's Chromium, as the end-to-end tests and the Lighthouse bench start it: nothing may download a browser
 * build here, and a headless run must not reach out to Google's services or update itself.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
