// Function logs never print a bearer secret of a request's address: report links, reset and confirmation
// tokens, codes. A request to the report function that fails (and so logs) is the attack.
import { describe, expect, it, vi } from 'vitest';
import report from '../../../netlify/functions/report.mts';
import { useDatabase } from '../../../src/db/client.ts';
import { requestLabel } from '../../../src/server/http.ts';
import { redactUrl } from '../../../src/server/redact.ts';
import { call } from '../function-harness.ts';
import { databaseDown, quietConsole, useTestDatabase } from '../test-db.ts';
import { addDelivery, deliveryTables } from '../test-deliveries.ts';

const handle = useTestDatabase({ empty: deliveryTables });
quietConsole('error', 'warn', 'log');

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE'; // 43 base64url characters, as a report link's

/** Everything the console was given in this test, as one text. */
const printed = () =>
  (['error', 'warn', 'log'] as const)
    .flatMap((m) => vi.mocked(console[m]).mock.calls.flat())
    .map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a)))
    .join('\n');

describe('redactUrl', () => {
  it('replaces the secret of a report link, a reset link and of token, reset, code and secret parameters', () => {
    expect(redactUrl(`/report/${TOKEN}`)).toBe('/report/[redacted]');
    expect(redactUrl(`/report/${TOKEN}/pdf`)).toBe('/report/[redacted]/pdf');
    expect(redactUrl(`/api/report/${TOKEN}/opened`)).toBe('/api/report/[redacted]/opened');
    expect(redactUrl(`https://site.example/api/auth/reset-password/${TOKEN}?callbackURL=%2Fadmin`)).toBe(
      'https://site.example/api/auth/reset-password/[redacted]?callbackURL=%2Fadmin',
    );
    expect(redactUrl(`/admin?reset=${TOKEN}&tab=leads`)).toBe('/admin?reset=[redacted]&tab=leads');
    expect(redactUrl(`/admin?confirm=${TOKEN}`)).toBe('/admin?confirm=[redacted]');
    expect(redactUrl(`/api/auth/verify-email?token=${TOKEN}&callbackURL=%2Fadmin`)).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fadmin',
    );
    expect(redactUrl('GET /x?Code=123456&TOKEN=abc#frag')).toBe('GET /x?Code=[redacted]&TOKEN=[redacted]#frag');
  });

  it('leaves other addresses as they are', () => {
    for (const path of [
      '/api/admin/reports/5f0c/deliver',
      '/report-shell',
      '/blog/my-post?page=2',
      '/api/uploads/9/parts/1',
    ])
      expect(redactUrl(path)).toBe(path);
  });

  it('is what requestLabel uses', () => {
    const request = new Request(`http://localhost/report/${TOKEN}/pdf?token=${TOKEN}`, { method: 'HEAD' });
    expect(requestLabel(request, { requestId: 'r1' })).toBe('[r1] HEAD /report/[redacted]/pdf');
  });
});

describe('the report function’s log', () => {
  it('never prints the token of a link it fails to answer (page, PDF and beacon, database down)', async () => {
    const { token } = await addDelivery(handle);
    databaseDown();
    try {
      for (const path of [`/report/${token}`, `/report/${token}/pdf`]) {
        const res = await call(report, path, undefined, { method: 'GET', params: { token } });
        expect(res.status).toBe(503);
      }
      const beacon = await call(report, `/report/${token}/opened`, undefined, { method: 'POST', params: { token } });
      expect(beacon.status).toBe(503);
    } finally {
      useDatabase(handle);
    }
    expect(printed()).toContain('/report/[redacted]');
    expect(printed()).not.toContain(token);
  });
});
