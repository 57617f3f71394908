// The clock of the submissions list: review due 24 h after arrival, audit 72 h; overdue filters, the due
// order, and the header's counts.
import { describe, expect, it, vi } from 'vitest';
import * as submissionsFn from '../../../netlify/functions/admin-submissions.mts';
import type { SubmissionStatus } from '../../../src/lib/statuses.ts';
import type { ListPage } from '../../../src/lib/list-page.ts';
import type { SubmissionListItem } from '../../../src/features/leads/contract.ts';
import type { Json } from '../../../src/lib/json.ts';
import { parseCsv } from '../csv-parse.ts';
import { addSubmission, errorOf, request, seedStaff, signIn, useAdminDatabase } from '../staff-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = useAdminDatabase();
const HOUR = 3_600_000;

/** Submissions of `hoursAgo` hours ago in `status`: one fresh, one past review, one past audit, one done late. */
async function seed() {
  await seedStaff(handle);
  const at = (hoursAgo: number, companyName: string, status: SubmissionStatus, isSpam = false) =>
    addSubmission(handle, { companyName, status, isSpam, createdAt: new Date(Date.now() - hoursAgo * HOUR) });
  await at(2, 'Fresh', 'pending');
  await at(30, 'Review late', 'pending');
  await at(80, 'Audit late', 'reviewed');
  await at(100, 'Done', 'completed');
  await at(50, 'Spam late', 'pending', true);
  signIn('viewer');
}

const list = async (query: string) =>
  (await (await request(submissionsFn, 'GET', `/api/admin/submissions${query}`)).json()) as Json<
    ListPage<SubmissionListItem>
  >;
const companies = async (query: string) => (await list(query)).items.map((i) => i.companyName);

describe('the submissions clock', () => {
  it('gives each listed submission its review and audit due times and whether either is overdue', async () => {
    await seed();
    const byName = Object.fromEntries((await list('')).items.map((i) => [i.companyName, i]));
    const fresh = byName.Fresh!;
    expect(new Date(fresh.reviewDueAt).getTime() - new Date(fresh.createdAt).getTime()).toBe(24 * HOUR);
    expect(new Date(fresh.auditDueAt).getTime() - new Date(fresh.createdAt).getTime()).toBe(72 * HOUR);
    expect([fresh.reviewOverdue, fresh.auditOverdue]).toEqual([false, false]);
    expect([byName['Review late']!.reviewOverdue, byName['Review late']!.auditOverdue]).toEqual([true, false]);
    expect([byName['Audit late']!.reviewOverdue, byName['Audit late']!.auditOverdue]).toEqual([false, true]);
    expect([byName.Done!.reviewOverdue, byName.Done!.auditOverdue]).toEqual([false, false]);
  });

  it('filters the overdue work: the review, the audit, or either', async () => {
    await seed();
    expect(await companies('?due=review')).toEqual(['Review late']);
    expect(await companies('?due=audit')).toEqual(['Audit late']);
    expect((await companies('?due=overdue')).sort()).toEqual(['Audit late', 'Review late']);
    expect(await companies('?due=review&spam=1')).toEqual(['Spam late']);
  });

  it('sorts the work due soonest first, completed last', async () => {
    await seed();
    expect(await companies('?sort=due')).toEqual(['Audit late', 'Review late', 'Fresh', 'Done']);
    expect(await companies('')).toEqual(['Fresh', 'Review late', 'Audit late', 'Done']);
  });

  it('exports what the filter shows', async () => {
    await seed();
    const res = await request(submissionsFn, 'GET', '/api/admin/submissions/export.csv?due=overdue&sort=due');
    const rows = parseCsv(await res.text());
    expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('company_name')])).toEqual(['Audit late', 'Review late']);
  });

  it('counts the overdue reviews and audits for the header, spam aside', async () => {
    await seed();
    const res = await request(submissionsFn, 'GET', '/api/admin/submissions/overdue');
    expect(await res.json()).toEqual({ review: 1, audit: 1 });
  });

  it('names a due or sort value it does not know', async () => {
    await seed();
    const res = await request(submissionsFn, 'GET', '/api/admin/submissions?due=late&sort=oldest');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ due: 'Use overdue, review, audit', sort: 'Use newest or due' });
  });
});
