/**
 * `npm run bench:lighthouse`: Lighthouse mobile scores (performance, accessibility, best practices, SEO)
 * of home, services, contact and one resource article, with Debian's Chromium. It serves the current
 * build itself (run `npm run build` first), or measures BENCH_URL when given. Prints figures only.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../scripts/lib/chromium.ts';

const pages = ['/', '/services', '/contact', '/audit-intake', '/resources/bolesta-audit-insights'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const port = 4390;
const base = process.env.BENCH_URL ?? `http://localhost:${port}`;
const server = process.env.BENCH_URL
  ? null
  : spawn(process.execPath, [path.resolve(import.meta.dirname, '../scripts/serve.ts')], {
      env: { ...process.env, PORT: String(port) },
      stdio: 'ignore',
    });

// Up to a minute: the server migrates the local database before it answers (12 s here after a new migration).
async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumFlags] });

try {
  await waitFor(`${base}/api/health`);
  console.log(`Lighthouse ${'(mobile, simulated throttling)'} against ${base}\n`);
  console.log(['page'.padEnd(40), ...categories.map((c) => c.padStart(15))].join(''));
  for (const page of pages) {
    const result = await lighthouse(`${base}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      formFactor: 'mobile',
    });
    const lhr = result!.lhr;
    const scores = categories.map((c) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100)).padStart(15));
    console.log([page.padEnd(40), ...scores].join(''));
    for (const c of categories) {
      const category = lhr.categories[c]!;
      if ((category.score ?? 0) < 1) {
        const failing = category.auditRefs
          .map((ref) => lhr.audits[ref.id]!)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
          .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
        if (failing.length) console.log(`    ${c}: ${failing.join(', ')}`);
      }
    }
  }
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ];
  const last = await lighthouse(`${base}/`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  console.log(`\nhome metrics: ${metrics.map((m) => `${m} ${last!.lhr.audits[m]!.displayValue}`).join(', ')}`);
} finally {
  chrome.kill();
  server?.kill();
}
