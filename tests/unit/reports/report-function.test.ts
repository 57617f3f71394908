import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import report, { config } from '../../../netlify/functions/report.mts';
import { createRouter } from '../../../scripts/lib/functions.ts';
import { site } from '../../../src/config/site.ts';
import { useDatabase } from '../../../src/db/client.ts';
import { auditReportDeliveries } from '../../../src/db/schema.ts';
import { reportAreas } from '../../../src/lib/audit-report.ts';
import { NON_HTML_CSP, SECURITY_HEADERS } from '../../../src/server/security-headers.ts';
import { newReportToken } from '../../../src/features/reports/token.ts';
import { deliveredReport } from '../../fixtures/reports.ts';
import { databaseDown, quietConsole, useTestDatabase } from '../test-db.ts';
import { addDelivery, deliveryTables } from '../test-deliveries.ts';
import { call } from '../function-harness.ts';

// The page fills the built frame (dist/report-shell.html): `npm test` builds before the unit tests run.
const handle = useTestDatabase({ empty: deliveryTables });
quietConsole('error');

const get = (token: string, pdf = false, method = 'GET') =>
  call(report, `/report/${token}${pdf ? '/pdf' : ''}`, undefined, { method, params: { token } });

const expectPrivate = (res: Response) => {
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(res.headers.get('x-robots-tag')).toBe('noindex');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe(SECURITY_HEADERS['X-Frame-Options']);
};

describe('GET /report/{token}', () => {
  it("shows the delivered report in the site's frame, private and unindexed, and records the first opening", async () => {
    const { token, row } = await addDelivery(handle);
    const res = await get(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectPrivate(res);
    expect(res.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['Content-Security-Policy']);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<h1[^>]*>Lift Audit™ report for Acme Bioanalytical<\/h1>/);
    for (const area of reportAreas) expect(html).toContain(area.title);
    expect(html).toContain(`href="/report/${token}/pdf"`);
    expect(html).toContain(`href="${site.scheduling.strategyCall}" target="_blank" rel="noopener"`);
    expect(html).toContain('astro-island'); // the site's header
    expect(html).toContain('<footer');
    expect(html).not.toMatch(/BLOGTOKEN/);
    const [stored] = await handle.db.select().from(auditReportDeliveries).where(eq(auditReportDeliveries.id, row.id));
    expect(stored!.firstOpenedAt).toBeInstanceOf(Date);
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

  it('answers HEAD like GET and refuses other methods', async () => {
    const { token } = await addDelivery(handle);
    const head = await get(token, false, 'HEAD');
    expect(head.status).toBe(200);
    expectPrivate(head);
    expect((await get(token, false, 'POST')).status).toBe(405);
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
});

describe('the report function', () => {
  it('declares its paths and methods as literals, from which the local router (`npm start`) sends /report/* to it', async () => {
    expect(config).toEqual({ path: ['/report/:token', '/report/:token/pdf'], method: ['GET', 'HEAD'] });
    const { token } = await addDelivery(handle);
    const router = createRouter((file) => import(file));
    for (const path of [`/report/${token}`, `/report/${token}/pdf`]) {
      const res = await router.handle(new Request(`http://localhost${path}`), '127.0.0.1');
      expect(res?.status, path).toBe(200);
      expect(res?.headers.get('x-robots-tag'), path).toBe('noindex');
    }
  });
});
