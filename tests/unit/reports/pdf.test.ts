import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { site } from '../../../src/config/site.ts';
import { reportAreas } from '../../../src/lib/audit-report.ts';
import type { DeliveredReport } from '../../../src/features/reports/contract.ts';
import { encodable, wrapText } from '../../../src/features/reports/pdf-text.ts';
import { renderReportPdf } from '../../../src/features/reports/pdf.ts';
import { deliveredReport, longText } from '../../fixtures/reports.ts';

/** The text of each page of the report's PDF, and its link targets. */
async function read(report: DeliveredReport) {
  const bytes = await renderReportPdf(report);
  const size = bytes.length; // pdf.js takes the buffer over
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: false });
  const links: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    for (const a of await (await pdf.getPage(n)).getAnnotations()) if (a.url) links.push(a.url as string);
  }
  return { pages: text, all: text.join('\n'), size, links };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('the PDF of a delivered report', () => {
  it('has the header, the summary, all ten areas with score, findings, recommendations and package, and the budget', async () => {
    const { pages, all, links } = await read(deliveredReport());
    expect(pages[0]).toContain(`${site.auditName} report`);
    for (const page of pages)
      expect(page).toContain(`${site.agencyName} ${site.auditName} report · Acme Bioanalytical`);
    expect(all).toContain('Prepared by Bolesta for Grace Hopper · Delivered Mar 05, 2026');
    expect(all).toContain('Acme has a strong scientific story and a thin commercial one.');
    expect(all).toContain('Marketing Evaluation');
    expect(all).toContain('Business Development Review');
    for (const area of reportAreas) {
      expect(all).toContain(area.title);
      expect(all).toContain(`${area.id}F39`);
      expect(all).toContain(`${area.id}R39`);
    }
    expect(all).toContain('Score: 3 / 5 (Fair)');
    expect(all).toContain('Recommended package: LinkedIn Content Kit, $450 per month');
    expect(all).toContain('Recommended package: Custom Retainer, price on request');
    expect(all).toMatch(/Monthly: \$1,350 per month\s+One-off: \$1,800\s+On request: Custom Retainer/);
    expect(all).toContain(`Book a Strategy Call: ${site.scheduling.strategyCall}`);
    expect(links).toEqual([site.scheduling.strategyCall]);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('carries a very long finding over as many pages as it needs, every word in order', async () => {
    const findings = longText(3000, 'word');
    const report = deliveredReport();
    report.areas[4] = { ...report.areas[4]!, findings };
    const { pages, all } = await read(report);
    const short = await read(deliveredReport());
    expect(pages.length).toBeGreaterThan(short.pages.length + 5);
    const found = words(all).filter((w) => /^word\d+\.?$/.test(w));
    expect(found.join(' ')).toBe(words(findings).join(' '));
  });

  it('draws text the standard fonts cannot encode with plain replacements instead of failing', async () => {
    const report = deliveredReport({
      companyName: 'Zürich Ő Labs 日本 😀',
      summary: 'Uptime ≥ 99.9% → fine ✓, cost ≤ $5 − tax\u200b.',
    });
    report.areas[0] = { ...report.areas[0]!, findings: 'Emoji 🚀 and 中文 here.\tTabbed' };
    const { all } = await read(report);
    expect(all).toContain('Zürich O Labs ?? ?');
    expect(all).toContain('Uptime >= 99.9% -> fine v, cost <= $5 - tax.');
    expect(all).toContain('Emoji ? and ?? here. Tabbed');
  });

  it('is the same file for the same version (its dates are the delivery’s)', async () => {
    const [a, b] = await Promise.all([renderReportPdf(deliveredReport()), renderReportPdf(deliveredReport())]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe('PDF text helpers', () => {
  it('cut a word wider than the line into pieces that fit, losing nothing', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const url = `https://example.com/${'a1b2c3'.repeat(80)}`;
    const lines = wrapText(`See ${url} now`, font, 10, 200);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(lines.join('').replace(/ /g, '')).toBe(`See${url}now`);
    expect(encodable('Café ™ – “quoted” € ő ≥ 😀', font)).toBe('Café ™ – “quoted” € o >= ?');
  });
});
