import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import { getLead } from '../../../src/features/leads/lead-timeline.ts';
import { OPENED_SCRIPT, reportPageCsp } from '../../../src/features/reports/page-policy.ts';
import { renderReportPdf } from '../../../src/features/reports/pdf.ts';
import type * as PdfModule from '../../../src/features/reports/pdf.ts';
import { loadBuiltPage } from '../../../src/server/built-page.ts';
import report, { config } from '../../../netlify/functions/report.mts';
import { createRouter } from '../../../scripts/lib/functions.ts';
import { site } from '../../../src/config/site.ts';
import { useDatabase } from '../../../src/db/client.ts';
import { auditReportDeliveries, auditSubmissions } from '../../../src/db/schema.ts';
import { reportAreas } from '../../../src/lib/audit-report.ts';
import { NON_HTML_CSP, SECURITY_HEADERS } from '../../../src/server/security-headers.ts';
import { newReportToken } from '../../../src/features/reports/token.ts';
import { deliveredReport } from '../../fixtures/reports.ts';
import { databaseDown, quietConsole, useTestDatabase } from '../test-db.ts';
import { addDelivery, deliveryTables } from '../test-deliveries.ts';
import { call } from '../function-harness.ts';

// The renderer is watched: a HEAD of the PDF must never draw it.
vi.mock('../../../src/features/reports/pdf.ts', async (original) => {
  const actual = await original<typeof PdfModule>();
  return { ...actual, renderReportPdf: vi.fn(actual.renderReportPdf) };
});

// The page fills the built frame (dist/report-shell.html): `npm test` builds before the unit tests run.
const handle = useTestDatabase({ empty: deliveryTables });
quietConsole('error');

const get = (token: string, pdf = false, method = 'GET', headers: Record<string, string> = {}) =>
  call(report, `/report/${token}${pdf ? '/pdf' : ''}`, undefined, { method, params: { token }, headers });
/** The page's beacon, as the browser sends it once the page is shown (from the site's own Origin). */
const opened = (token: string, init: Parameters<typeof call>[3] = {}) =>
  call(report, `/report/${token}/opened`, undefined, { method: 'POST', params: { token }, ...init });
const firstOpened = async (id: string) =>
  (await handle.db.select().from(auditReportDeliveries).where(eq(auditReportDeliveries.id, id)))[0]!.firstOpenedAt;

const expectPrivate = (res: Response) => {
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(res.headers.get('x-robots-tag')).toBe('noindex');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe(SECURITY_HEADERS['X-Frame-Options']);
};

describe('GET /report/{token}', () => {
  it("shows the delivered report in the site's frame, private and unindexed, and records no opening", async () => {
    const { token, row } = await addDelivery(handle);
    const res = await get(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectPrivate(res);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<h1[^>]*>Lift Audit™ report for Acme Bioanalytical<\/h1>/);
    for (const area of reportAreas) expect(html).toContain(area.title);
    expect(html).toContain(`href="/report/${token}/pdf"`);
    expect(html).toContain(`href="${site.scheduling.strategyCall}" target="_blank" rel="noopener"`);
    expect(html).toContain('astro-island'); // the site's header
    expect(html).toContain('<footer');
    expect(html).not.toMatch(/BLOGTOKEN/);
    expect(html).toContain(`<script data-report-opened>${OPENED_SCRIPT}</script></body>`);
    // Fetching the page is not opening it: a mail scanner or a link preview fetches it too.
    expect(await firstOpened(row.id)).toBeNull();
  });

  it('has its own strict CSP: nothing but its own origin, the frame’s inline code and the beacon by hash', async () => {
    const { token } = await addDelivery(handle);
    const res = await get(token);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(reportPageCsp(await loadBuiltPage('/report-shell')));
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-|https:|\*/);
    // Every inline script of the page that runs is allowed by its hash, and nothing else is.
    const html = await res.text();
    const inline = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\bsrc=|application\/ld\+json/.test(m[1] ?? ''),
    );
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(directives['script-src']!.slice(1).sort()).toEqual([...new Set(inline.map((m) => sha(m[2]!)))].sort());
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(csp).not.toBe(SECURITY_HEADERS['Content-Security-Policy']);
  });

  it('is the site’s 404 page, private and unindexed, for an unknown, expired, revoked or malformed link', async () => {
    const expired = await addDelivery(handle, { expiresAt: new Date(Date.now() - 1000) });
    const revoked = await addDelivery(handle, { revokedAt: new Date() });
    for (const token of [newReportToken().token, expired.token, revoked.token, 'not-a-token']) {
      for (const pdf of [false, true]) {
        const res = await get(token, pdf);
        expect(res.status, token).toBe(404);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expectPrivate(res);
        expect(await res.text()).toContain('Oops! Page not found');
      }
    }
  });

  it('answers HEAD with the headers of GET and no body, refuses other methods, and records no opening', async () => {
    const { token, row } = await addDelivery(handle);
    const head = await get(token, false, 'HEAD');
    expect(head.status).toBe(200);
    expectPrivate(head);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(head.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(await head.text()).toBe('');
    expect((await get(token, false, 'POST')).status).toBe(405);
    expect((await get(token, true, 'POST')).status).toBe(405);
    expect(
      (await call(report, `/report/${token}/opened`, undefined, { method: 'GET', params: { token } })).status,
    ).toBe(405);
    expect(await firstOpened(row.id)).toBeNull();
  });

  it('records no opening for a scanner’s GET of the page or the PDF, whatever it claims to be', async () => {
    const { token, row } = await addDelivery(handle);
    const scanners = ['Mozilla/5.0 (compatible; Microsoft Office/16.0; ms-office)', 'Slackbot-LinkExpanding 1.0', ''];
    for (const ua of scanners) {
      expect((await get(token, false, 'GET', { 'user-agent': ua })).status).toBe(200);
      expect((await get(token, true, 'GET', { 'user-agent': ua })).status).toBe(200);
    }
    expect(await firstOpened(row.id)).toBeNull();
  });

  it('is a plain 503 page when the database cannot be reached', async () => {
    const { token } = await addDelivery(handle);
    databaseDown();
    try {
      const res = await get(token);
      expect(res.status).toBe(503);
      expectPrivate(res);
      const text = await res.text();
      expect(text).toContain('Your report is unavailable for a moment.');
      expect(text).not.toMatch(/ECONNREFUSED|at .+\.(ts|js):\d+/);
      expect(vi.mocked(console.error)).toHaveBeenCalled();
    } finally {
      useDatabase(handle);
    }
  });
});

describe('GET /report/{token}/pdf', () => {
  it('downloads the same report as a PDF named after the company, in ASCII', async () => {
    const { token } = await addDelivery(handle, {}, deliveredReport({ companyName: 'Zürich Labs & Co' }));
    const res = await get(token, true);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Lift-Audit-report-zurich-labs-co\.pdf"; filename\*=UTF-8''Lift-Audit-report-zurich-labs-co\.pdf$/,
    );
    expectPrivate(res);
    expect(res.headers.get('content-security-policy')).toBe(NON_HTML_CSP);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain('Zürich Labs & Co');
    for (const area of reportAreas) expect(text).toContain(area.title);
  });

  it('answers HEAD with the download’s headers without drawing the PDF', async () => {
    const { token, row } = await addDelivery(handle);
    vi.mocked(renderReportPdf).mockClear();
    const head = await get(token, true, 'HEAD');
    expect(head.status).toBe(200);
    expectPrivate(head);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(head.headers.get('content-disposition')).toMatch(/^attachment; filename="Lift-Audit-report-/);
    expect(await head.text()).toBe('');
    expect(renderReportPdf).not.toHaveBeenCalled();
    expect(await firstOpened(row.id)).toBeNull();
    // A dead link's HEAD is the 404, and draws nothing either.
    expect((await get(newReportToken().token, true, 'HEAD')).status).toBe(404);
    expect(renderReportPdf).not.toHaveBeenCalled();
  });
});

describe('POST /report/{token}/opened (the page’s beacon)', () => {
  it('stamps the first opening once: a later beacon keeps the first time', async () => {
    const { token, row } = await addDelivery(handle);
    const res = await opened(token);
    expect(res.status).toBe(204);
    expectPrivate(res);
    const first = await firstOpened(row.id);
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await opened(token)).status).toBe(204);
    expect(await firstOpened(row.id)).toEqual(first);
  });

  it('is the same 404 for an unknown, expired, revoked or malformed link, and stamps nothing', async () => {
    const expired = await addDelivery(handle, { expiresAt: new Date(Date.now() - 1000) });
    const revoked = await addDelivery(handle, { revokedAt: new Date() });
    for (const token of [newReportToken().token, expired.token, revoked.token, 'not-a-token', `${expired.token}x`]) {
      const res = await opened(token);
      expect(res.status, token).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
      expectPrivate(res);
    }
    for (const { row } of [expired, revoked]) expect(await firstOpened(row.id)).toBeNull();
  });

  it('comes from the site’s own pages only: another Origin, or none, is refused and stamps nothing', async () => {
    const { token, row } = await addDelivery(handle);
    for (const origin of ['https://evil.example', null]) {
      expect((await opened(token, { origin })).status).toBe(403);
    }
    expect(await firstOpened(row.id)).toBeNull();
  });

  it('shows on the lead’s timeline as the report’s first opening', async () => {
    const { token, row } = await addDelivery(handle);
    const [submission] = await handle.db
      .select()
      .from(auditSubmissions)
      .where(eq(auditSubmissions.id, row.submissionId));
    const before = await getLead(handle.db, submission!.leadId!);
    expect(before.timeline.filter((e) => e.kind === 'report')).toEqual([]);
    await opened(token);
    const after = await getLead(handle.db, submission!.leadId!);
    expect(after.timeline.filter((e) => e.kind === 'report')).toEqual([
      expect.objectContaining({ kind: 'report', id: row.id, version: row.version, at: await firstOpened(row.id) }),
    ]);
  });
});

describe('the report function', () => {
  it('declares its paths and methods as literals, from which the local router (`npm start`) sends /report/* to it', async () => {
    expect(config).toEqual({
      path: ['/report/:token', '/report/:token/pdf', '/report/:token/opened'],
      method: ['GET', 'HEAD', 'POST'],
    });
    const { token } = await addDelivery(handle);
    const router = createRouter((file) => import(file));
    for (const path of [`/report/${token}`, `/report/${token}/pdf`]) {
      const res = await router.handle(new Request(`http://localhost${path}`), '127.0.0.1');
      expect(res?.status, path).toBe(200);
      expect(res?.headers.get('x-robots-tag'), path).toBe('noindex');
    }
  });
});
