import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';

/**
 * Waits until every island on the page has hydrated (Astro drops the `ssr` attribute then). Islands that
 * hydrate on `client:visible` are scrolled into view one at a time first, then the page goes back to the top;
 * those that hydrate on `client:interaction` are sent a `focusin`, an interaction that changes nothing on the page.
 */
export async function hydrated(page: Page): Promise<void> {
  // Every island is brought into view (and an interaction island gets its focus) first, then all are awaited at
  // once: a `client:visible` island hydrates only once seen. One wait on the page, checked every frame, rather
  // than an assertion per island, whose retries (100, 250, 500, 1000 ms apart) left the browser idle.
  await page.locator('astro-island').evaluateAll(async (islands) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (const el of islands) {
      // <astro-island> is `display: contents`, so scroll its first rendered child.
      const child = el.firstElementChild ?? el;
      child.scrollIntoView({ block: 'center' });
      if (el.getAttribute('client') === 'interaction')
        child.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      // Two frames in view: the one that lays it out there and the one whose observers see it.
      await frame();
      await frame();
    }
  });
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'), undefined, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Collects console errors and uncaught page errors (CSP violations show up as console errors). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Replaces `window.gtag` with a recorder before any page script runs. */
export async function stubGtag(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __gtag: unknown[][]; gtag: (...args: unknown[]) => void };
    w.__gtag = [];
    w.gtag = (...args: unknown[]) => void w.__gtag.push(args);
  });
}

export const gtagCalls = (page: Page) => page.evaluate(() => (window as unknown as { __gtag: unknown[][] }).__gtag);

/** The WCAG 2.1 A/AA and best-practice violations axe finds on the page, one line each with its elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  // A toast fading in or out has a contrast no resting page has: axe reads the page once every finite animation
  // and transition has ended (a spinner's endless one is left running).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  // Legacy mode: axe.run() in the page itself, its same-origin frames included. The default runs axe in each frame
  // and then opens a blank page (a renderer of its own) to combine the results, injecting axe's 500 kB there too:
  // that is for frames of other origins, which no page here has before a click (the map's is one). a11y.spec.ts
  // took 70 s rather than 90 (docs/decisions/0039-test-time-budget.md).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
