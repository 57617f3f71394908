import { cpSync, existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath, headlessShellPath } from './scripts/lib/chromium.ts';
import {
  e2eCalendlyKey,
  e2eCalSecret,
  e2eHealthToken,
  e2eReplyDomain,
  e2eResendPort,
  e2eWebhookSecret,
} from './tests/fixtures/health-token.ts';

const port = Number(process.env.E2E_PORT ?? 4321);
const baseURL = `http://localhost:${port}`;
// Each run's server gets an empty database and Blobs store, so runs never see each other's rows. Workers
// load this file again and inherit the variable, so tests open the same folder (tests/e2e/db.ts).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'e2e-data-')));

// The browser editor's server (tests/e2e/cms.spec.ts): a second `npm run serve` whose editor writes to a scratch
// copy of content/, never to the repository's own files, with its own database folder. The copy's `src` is the
// project's, since a few MDX files import from ../../src.
const cmsPort = port + 1;
const cmsDir = (process.env.E2E_CMS_DIR ??= mkdtempSync(path.join(tmpdir(), 'e2e-cms-')));
if (!existsSync(path.join(cmsDir, 'content'))) {
  cpSync('content', path.join(cmsDir, 'content'), { recursive: true });
  symlinkSync(path.resolve('src'), path.join(cmsDir, 'src'));
}
const cmsDataDir = (process.env.E2E_CMS_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'e2e-cms-data-')));

const desktop = { ...devices['Desktop Chrome'], channel: undefined };
// Debian's Chromium, never a browser build of Playwright's own (nothing may download one here): its headless shell
// for all but hydration.spec.ts (scripts/lib/chromium.ts), the full browser there. The shell puts its mouse at the
// page's top left corner from the start, over the header, whose `client:interaction` island then hydrates at once
// as it would under a visitor's resting mouse; hydration.spec.ts is about the visitor who has not touched the
// page, so it runs in the full browser, which has no mouse on the page until the test moves one.
const browser = (executablePath: string) => ({
  launchOptions: { executablePath, args: ['--headless', ...chromiumFlags] },
});
const shell = { ...desktop, ...browser(headlessShellPath) };

export default defineConfig({
  testDir: 'tests/e2e',
  // Beside, not over, the unit report in test-results/ (Playwright empties its outputDir).
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a test that fails now and then is a bug to fix at its cause, never to hide behind a second run.
  retries: 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
  },
  // site.spec.ts runs first, on its own: its health check ("every dependency working") must not meet a test that
  // makes one look broken on purpose, as people.spec.ts does with a refused mail for the System tab. Running one
  // other file alone runs site.spec.ts first too; `--no-deps` skips it.
  projects: [
    { name: 'first', testMatch: 'site.spec.ts', use: shell },
    { name: 'chromium', testIgnore: ['site.spec.ts', 'hydration.spec.ts'], dependencies: ['first'], use: shell },
    {
      name: 'full browser',
      testMatch: 'hydration.spec.ts',
      dependencies: ['first'],
      use: { ...desktop, ...browser(chromiumPath) },
    },
  ],
  // The same server `npm start` runs, on the build that `npm test` made just before.
  webServer: [
    {
      command: 'npm run serve',
      url: `${baseURL}/api/health`,
      // Every test posts, signs in and walks the intake from 127.0.0.1: the per-address form, sign-in, funnel and visit limits (tested in the unit
      // tests) would stop the suite.
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        FORM_RATE_LIMIT: '100000',
        SIGN_IN_RATE_LIMIT: '100000',
        FUNNEL_RATE_LIMIT: '100000',
        VISITS_RATE_LIMIT: '100000',
        HEALTH_TOKEN: e2eHealthToken,
        // Replies come back (tests/e2e/mail-replies.spec.ts): the Receiving API is a stand-in the test starts.
        MAIL_REPLY_DOMAIN: e2eReplyDomain,
        RESEND_WEBHOOK_SECRET: e2eWebhookSecret,
        RESEND_BASE_URL: `http://127.0.0.1:${e2eResendPort(port)}`,
        // Booked calls come in (tests/e2e/bookings.spec.ts): the schedulers' signing secrets.
        CALENDLY_WEBHOOK_SIGNING_KEY: e2eCalendlyKey,
        CAL_WEBHOOK_SECRET: e2eCalSecret,
      },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: 'npm run serve',
      url: `http://localhost:${cmsPort}/api/health`,
      env: { PORT: String(cmsPort), DATA_DIR: cmsDataDir, CMS_LOCAL_DIR: cmsDir, HEALTH_TOKEN: e2eHealthToken },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
