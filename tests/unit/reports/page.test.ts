import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHtml } from '../../../scripts/lib/html-check.ts';
import { site } from '../../../src/config/site.ts';
import { reportAreas, reportGroups } from '../../../src/lib/audit-report.ts';
import { escapeHtml } from '../../../src/lib/html.ts';
import { reportMain, renderReportPage } from '../../../src/features/reports/page.ts';
import { newReportToken } from '../../../src/features/reports/token.ts';
import { deliveredReport } from '../../fixtures/reports.ts';

// The page fills the built frame (dist/report-shell.html): `npm test` builds before the unit tests run.
const { token } = newReportToken();
const tags = (html: string, name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]);

describe('the report page', () => {
  it('is valid HTML by the W3C checker, with its headings in order and its regions named once each', async () => {
    const html = await renderReportPage(deliveredReport({}, 300), token);
    const dir = mkdtempSync(path.join(tmpdir(), 'report-page-'));
    try {
      writeFileSync(path.join(dir, 'report.html'), html);
      const { errors } = checkHtml(dir);
      expect(errors.map((e) => `${e.line ?? '?'} ${e.message} ${e.extract ?? ''}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1));
    const labelled = tags(html, 'section').flatMap((t) => /aria-labelledby="([^"]+)"/.exec(t)?.[1] ?? []);
    expect(labelled).toHaveLength(reportGroups.length + 3);
    expect(new Set(labelled).size).toBe(labelled.length);
    for (const id of labelled) expect(html).toContain(`id="${id}"`);
    expect(tags(html, 'main')).toHaveLength(1);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('data-mobile-cta'); // no phone bar: the lead has done the audit
  }, 60_000);

  it('names the company, the audit and the delivery, and offers the call and the PDF', () => {
    const main = reportMain(deliveredReport(), token);
    expect(main).toContain('Delivered <time datetime="2026-03-05">Mar 05, 2026</time>');
    expect(main).toMatch(
      new RegExp(
        `<a href="${site.scheduling.strategyCall}" target="_blank" rel="noopener" data-booking="strategyCall"[^>]*>Book a Strategy Call<span class="sr-only"> \\(opens in a new tab\\)</span></a>`,
      ),
    );
    expect(main).toMatch(new RegExp(`<a href="/report/${token}/pdf" download[^>]*>Download PDF</a>`));
  });

  it('shows each group with its five areas: score, its meaning and bar, findings, recommendations, package', () => {
    const main = reportMain(deliveredReport(), token);
    for (const group of reportGroups) expect(main).toContain(`>${group.title}</h2>`);
    for (const area of reportAreas) expect(main).toContain(`<h3 id="area-${area.id}"`);
    // The fixture scores the areas 0, 1, 2, … in order and recommends kit, video, retainer, nothing, ….
    const events = main.slice(main.indexOf('id="area-events"'), main.indexOf('id="area-thoughtLeadership"'));
    expect(events).toContain('<span aria-hidden="true">3 / 5</span><span class="sr-only">3 out of 5</span>');
    expect(events).toContain('Fair');
    expect(events).toMatch(/aria-hidden="true"><div class="[^"]*w-3\/5"><\/div><\/div>/);
    expect(events).toContain('>Findings</h4>');
    expect(events).toContain('>Recommendations</h4>');
    expect(events).not.toContain('Recommended package');
    const linkedin = main.slice(main.indexOf('id="area-linkedin"'), main.indexOf('id="area-collateral"'));
    expect(linkedin).toContain('Weak');
    expect(linkedin).toContain(
      '<span class="font-semibold">Recommended package:</span> Branded Video Package, $600 per video',
    );
    const retainer = main.slice(main.indexOf('id="area-collateral"'), main.indexOf('id="area-events"'));
    expect(retainer).toContain('Custom Retainer, price on request');
  });

  it('marks an unscored area and leaves out empty texts and a missing package', () => {
    const report = deliveredReport();
    report.areas[0] = { ...report.areas[0]!, score: null, findings: '  \n\n ', recommendations: '', package: null };
    const first = reportMain(report, token).split('id="area-linkedin"')[0]!.split('id="area-website"')[1]!;
    expect(first).toContain('Not scored');
    expect(first).not.toMatch(/Findings|Recommendations|Recommended package|aria-hidden/);
  });

  it('keeps paragraphs and line breaks and escapes everything an editor or a lead wrote', () => {
    const hostile = '<img src=x onerror="alert(1)"> & \'quotes\'';
    const report = deliveredReport({
      companyName: hostile,
      contactName: hostile,
      summary: `One\nline two\n\n\nPara ${hostile}`,
    });
    report.areas[1] = { ...report.areas[1]!, title: hostile, findings: hostile, recommendations: hostile };
    report.areas[1]!.package = { ...report.areas[1]!.package!, title: hostile };
    const main = reportMain(report, token);
    expect(main).not.toContain('<img');
    expect(main).toContain('<p class="mt-3">One<br>line two</p><p class="mt-3">Para &lt;img');
    expect(main.split(escapeHtml(hostile)).length - 1).toBeGreaterThanOrEqual(4);
  });

  it('adds up the budget, or says no package is recommended', () => {
    const main = reportMain(deliveredReport(), token);
    const budget = main.slice(main.indexOf('id="report-budget"'));
    expect(budget).toMatch(/>Monthly<\/dt><dd[^>]*>\$1,350 per month<\/dd>/);
    expect(budget).toMatch(/>One-off<\/dt><dd[^>]*>\$1,800<\/dd>/);
    expect(budget).toMatch(/>On request<\/dt><dd[^>]*>Custom Retainer<\/dd>/);
    const none = reportMain(deliveredReport({ totals: { monthly: 0, oneOff: 0, onRequest: [] } }), token);
    expect(none).toContain('This report recommends no package.');
    expect(none).not.toContain('<dl');
  });

  it('puts the brand names of src/config/site.ts in its heading', async () => {
    const html = await renderReportPage(deliveredReport({}, 5), token);
    expect(html).toContain(`>${site.auditName} report for Acme Bioanalytical</h1>`);
    expect(html).toContain(`Prepared by ${site.agencyName} for Grace Hopper`);
    expect(html).toContain(`<title>Your ${site.auditName} report | ${site.agencyName}</title>`);
  });
});
