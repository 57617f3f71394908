// The dashboard's period (src/features/dashboard/period.ts) and its route (netlify/functions/admin-dashboard.mts):
// agency days, defaults, the 422s naming the parameter, and who may read it.
import { describe, expect, it, vi } from 'vitest';
import * as dashboardFn from '../../../netlify/functions/admin-dashboard.mts';
import { DASHBOARD_MAX_DAYS, type DashboardReply } from '../../../src/features/dashboard/contract.ts';
import { dashboardPeriod, mondayOf } from '../../../src/features/dashboard/period.ts';
import { ApiError } from '../../../src/server/errors.ts';
import { errorOf, request, seedStaff, signIn } from '../staff-harness.ts';
import { addLead, handle } from './dashboard-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const url = (query: string) => new URL(`/api/admin/dashboard${query}`, 'http://localhost');
/** Sunday 2026-03-15, 23:30 in New York (already Monday in UTC). */
const NOW = new Date('2026-03-16T03:30:00Z');

/** The fields of the 422 a query is refused with. */
function refusal(query: string): Record<string, string> | undefined {
  try {
    dashboardPeriod(url(query), NOW);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return error.fields;
    throw error;
  }
  throw new Error(`${query} was accepted`);
}

describe('dashboard period', () => {
  it('defaults to the 4 full weeks that end today in New York', () => {
    expect(dashboardPeriod(url(''), NOW)).toEqual({ from: '2026-02-16', to: '2026-03-15' });
    expect(dashboardPeriod(url('?to=2026-01-04'), NOW)).toEqual({ from: '2025-12-08', to: '2026-01-04' });
    expect(dashboardPeriod(url('?from=2026-03-01'), NOW)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(dashboardPeriod(url('?from=2024-02-29&to=2024-03-01'), NOW)).toEqual({
      from: '2024-02-29',
      to: '2024-03-01',
    });
  });

  it('refuses a value that is not a calendar day, naming the parameter', () => {
    expect(refusal('?from=2026-02-30')).toEqual({ from: 'Use a date written YYYY-MM-DD' });
    // A month or day no calendar has is refused too, not a 503 (Date.parse gives NaN for it).
    expect(refusal('?from=2026-13-01')).toEqual({ from: 'Use a date written YYYY-MM-DD' });
    expect(refusal('?to=2026-11-32')).toEqual({ to: 'Use a date written YYYY-MM-DD' });
    expect(refusal('?to=yesterday')).toEqual({ to: 'Use a date written YYYY-MM-DD' });
    expect(refusal('?from=2026-3-1&to=2026-03-01T00:00')).toEqual({
      from: 'Use a date written YYYY-MM-DD',
      to: 'Use a date written YYYY-MM-DD',
    });
  });

  it('refuses from after to, and a period over DASHBOARD_MAX_DAYS', () => {
    expect(refusal('?from=2026-03-16&to=2026-03-15')).toEqual({ from: 'Use a date on or before 2026-03-15' });
    expect(refusal('?from=2026-03-16')).toEqual({ from: 'Use a date on or before 2026-03-15' }); // after today
    // 2024-01-06 to 2026-03-15 is 800 days (2024 a leap year), both included.
    expect(dashboardPeriod(url('?from=2024-01-06&to=2026-03-15'), NOW).from).toBe('2024-01-06');
    expect(refusal(`?from=2024-01-05&to=2026-03-15`)).toEqual({
      from: `The period may span at most ${DASHBOARD_MAX_DAYS} days; use a date on or after 2024-01-06`,
    });
  });

  it('knows the Monday of a week', () => {
    expect(['2026-03-09', '2026-03-12', '2026-03-15'].map(mondayOf)).toEqual([
      '2026-03-09',
      '2026-03-09',
      '2026-03-09',
    ]);
    expect(mondayOf('2026-03-16')).toBe('2026-03-16');
  });
});

describe('GET /api/admin/dashboard', () => {
  it('answers every staff role, 401 without a session, 403 without a role', async () => {
    await seedStaff(handle);
    await addLead({ requested: '2026-03-04T14:00:00Z', source: 'linkedin' });
    for (const actor of ['viewer', 'editor', 'admin'] as const) {
      signIn(actor);
      const res = await request(dashboardFn, 'GET', '/api/admin/dashboard?from=2026-03-02&to=2026-03-08');
      expect(res.status, actor).toBe(200);
      const reply = (await res.json()) as DashboardReply;
      expect(reply.leadsBySource).toEqual([{ source: 'linkedin', count: 1 }]);
      expect(reply.weeks).toEqual(['2026-03-02']);
    }
    signIn('noRole');
    expect((await request(dashboardFn, 'GET', '/api/admin/dashboard')).status).toBe(403);
    signIn('anonymous');
    const res = await request(dashboardFn, 'GET', '/api/admin/dashboard');
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('unauthenticated');
  });

  it('answers a bad period with 422 naming the parameter', async () => {
    await seedStaff(handle);
    signIn('viewer');
    const res = await request(dashboardFn, 'GET', '/api/admin/dashboard?from=2026-03-09&to=2026-03-02');
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toEqual({
      code: 'invalid_fields',
      message: 'The period is not valid.',
      fields: { from: 'Use a date on or before 2026-03-02' },
    });
  });

  it('answers only GET', async () => {
    await seedStaff(handle);
    signIn('admin');
    expect((await request(dashboardFn, 'POST', '/api/admin/dashboard', {})).status).toBe(405);
  });
});
