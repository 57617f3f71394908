import { getTableColumns } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as submissionsFn from '../../../netlify/functions/admin-submissions.mts';
import { auditSubmissions, uploadedDocuments } from '../../../src/db/schema.ts';
import { intakeSchema } from '../../../src/lib/forms/intake.schema.ts';
import { answerSections, intakeRow } from '../../../src/features/leads/audit-answers.ts';
import { intakeAnswers } from '../../fixtures/forms.ts';
import { parseCsv } from '../csv-parse.ts';
import { addSubmission, errorOf, request, seedStaff, signIn, useAdminDatabase } from '../staff-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = useAdminDatabase();
beforeEach(async () => {
  await seedStaff(handle);
  signIn('viewer');
});

const get = (path: string) => request(submissionsFn, 'GET', path);
const list = async (query = '') => (await get(`/api/admin/submissions${query}`)).json();
const exportCsv = async (query = '') => {
  const res = await get(`/api/admin/submissions/export.csv${query}`);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // Excel reads UTF-8 only after a byte-order mark
  expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
  return { res, rows: parseCsv(bytes.subarray(3).toString('utf8')) };
};
const patch = (id: string, body: unknown) => request(submissionsFn, 'PATCH', `/api/admin/submissions/${id}`, body);

describe('GET /api/admin/submissions', () => {
  it('pages 51 submissions into 50 and 1, newest first, with the total', async () => {
    for (let i = 0; i < 51; i++) await addSubmission(handle, { companyName: `Company ${i}` }, i);
    const first = await list();
    expect(first).toMatchObject({ total: 51, page: 1, pageSize: 50 });
    expect(first.items).toHaveLength(50);
    expect(first.items.map((s: { companyName: string }) => s.companyName)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Company ${i}`),
    );
    const second = await list('?page=2');
    expect(second).toMatchObject({ total: 51, page: 2, pageSize: 50 });
    expect(second.items.map((s: { companyName: string }) => s.companyName)).toEqual(['Company 50']);
    expect((await list('?page=3')).items).toEqual([]);
  });

  it('carries the list columns of each submission, its clock, and no answers', async () => {
    await addSubmission(handle, { serviceType: 'cro', biggestChallenge: 'secret' });
    const [item] = (await list()).items;
    expect(Object.keys(item).sort()).toEqual(
      [
        'companyName',
        'contactEmail',
        'contactName',
        'createdAt',
        'id',
        'isSpam',
        'serviceType',
        'source',
        'status',
        'updatedAt',
        'reviewDueAt',
        'auditDueAt',
        'reviewOverdue',
        'auditOverdue',
      ].sort(),
    );
    expect(item).toMatchObject({ serviceType: 'cro', status: 'pending', source: 'contact_page', isSpam: false });
  });

  it('filters by status', async () => {
    await addSubmission(handle, { companyName: 'Pending Co' });
    await addSubmission(handle, { companyName: 'Reviewed Co', status: 'reviewed' });
    await addSubmission(handle, { companyName: 'Done Co', status: 'completed' });
    const names = async (q: string) => (await list(q)).items.map((s: { companyName: string }) => s.companyName);
    expect(await names('?status=reviewed')).toEqual(['Reviewed Co']);
    expect(await names('?status=completed')).toEqual(['Done Co']);
    expect((await list('?status=pending')).total).toBe(1);
  });

  it('searches company, contact name and email without case, taking % and _ literally', async () => {
    await addSubmission(
      handle,
      { companyName: 'Helix CDMO', contactName: 'Ann Lee', contactEmail: 'ann@helix.example' },
      1,
    );
    await addSubmission(
      handle,
      { companyName: '100% Bio', contactName: 'Bob Stone', contactEmail: 'bob@bio.example' },
      2,
    );
    await addSubmission(handle, { companyName: 'Gene_Works', contactName: 'Cy Doe', contactEmail: 'cy@gw.example' }, 3);
    const names = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).items.map((s: { companyName: string }) => s.companyName);
    expect(await names('helix')).toEqual(['Helix CDMO']);
    expect(await names('BOB stone')).toEqual(['100% Bio']);
    expect(await names('cy@gw')).toEqual(['Gene_Works']);
    expect(await names('%')).toEqual(['100% Bio']);
    expect(await names('_')).toEqual(['Gene_Works']);
    expect(await names('.example')).toHaveLength(3);
    expect(await names('nobody')).toEqual([]);
  });

  it('hides spam by default and shows only spam under spam=1 (docs/decisions/0008-spam-defence-without-captcha.md)', async () => {
    await addSubmission(handle, { companyName: 'Real Lead' });
    await addSubmission(handle, { companyName: 'Bot Farm', isSpam: true, spamReason: 'honeypot' });
    const names = async (q: string) => (await list(q)).items.map((s: { companyName: string }) => s.companyName);
    expect(await names('')).toEqual(['Real Lead']);
    expect(await names('?spam=1')).toEqual(['Bot Farm']);
    expect(await names('?spam=true')).toEqual(['Bot Farm']);
    expect(await names('?spam=0')).toEqual(['Real Lead']);
  });

  it('refuses filters that cannot be valid with 422 naming them', async () => {
    const res = await get('/api/admin/submissions?status=archived&page=0&spam=maybe');
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe('invalid_fields');
    expect(Object.keys(error.fields!).sort()).toEqual(['page', 'spam', 'status']);
    expect((await get('/api/admin/submissions?page=abc')).status).toBe(422);
  });
});

describe('GET /api/admin/submissions/export.csv', () => {
  it('answers an attachment named by date with every column of audit_submissions and every matching row', async () => {
    for (let i = 0; i < 51; i++) await addSubmission(handle, { companyName: `Company ${i}` }, i);
    const { res, rows } = await exportCsv();
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toContain(`filename="audit-submissions-${today}.csv"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const header = rows[0]!;
    expect(header).toEqual(Object.values(getTableColumns(auditSubmissions)).map((c) => c.name));
    expect(header).toEqual(expect.arrayContaining(['id', 'company_name', 'regions', 'is_spam', 'created_at']));
    expect(rows).toHaveLength(1 + 51); // all pages, not the first 50
    const company = header.indexOf('company_name');
    expect(rows.slice(1).map((r) => r[company])).toEqual(Array.from({ length: 51 }, (_, i) => `Company ${i}`));
    expect(rows.every((r) => r.length === header.length)).toBe(true);
  });

  it('quotes commas, quotes and line breaks, joins lists and neutralises formulas', async () => {
    await addSubmission(handle, {
      companyName: 'Acme, "Best" Labs\nPhiladelphia',
      contactName: '=HYPERLINK("http://evil.example","click")',
      address: '+1 Main St',
      city: '-2+3',
      state: '@SUM(A1)',
      zipCode: '\t19104',
      regions: ['northAmerica', 'europe'],
      createdAt: new Date('2025-01-02T03:04:05.000Z'),
    });
    const { rows } = await exportCsv();
    const [header, row] = rows as [string[], string[]];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('company_name')).toBe('Acme, "Best" Labs\nPhiladelphia');
    expect(cell('contact_name')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(cell('address')).toBe("'+1 Main St");
    expect(cell('city')).toBe("'-2+3");
    expect(cell('state')).toBe("'@SUM(A1)");
    expect(cell('zip_code')).toBe("'\t19104");
    expect(cell('regions')).toBe('northAmerica; europe');
    expect(cell('has_website')).toBe('false');
    expect(cell('created_at')).toBe('2025-01-02T03:04:05.000Z');
    expect(cell('spam_reason')).toBe('');
  });

  it('exports the current view: status, search and spam filters apply', async () => {
    await addSubmission(handle, { companyName: 'Helix', status: 'reviewed' });
    await addSubmission(handle, { companyName: 'Helix Two' });
    await addSubmission(handle, { companyName: 'Other', status: 'reviewed' });
    await addSubmission(handle, { companyName: 'Helix Spam', status: 'reviewed', isSpam: true });
    const companies = async (query: string) => {
      const { rows } = await exportCsv(query);
      const column = rows[0]!.indexOf('company_name');
      return rows.slice(1).map((r) => r[column]);
    };
    expect(await companies('?status=reviewed&q=helix')).toEqual(['Helix']);
    expect(await companies('?status=reviewed&q=helix&spam=1')).toEqual(['Helix Spam']);
    expect((await companies('')).sort()).toEqual(['Helix', 'Helix Two', 'Other']);
    expect((await get('/api/admin/submissions/export.csv?status=nope')).status).toBe(422);
  });
});

describe('GET /api/admin/submissions/:id', () => {
  it('answers the submission, its answers grouped by intake step with labels, and its documents', async () => {
    const answers = intakeSchema.parse(intakeAnswers());
    const submission = await addSubmission(handle, { source: 'intake', ...intakeRow(answers) });
    const [doc] = await handle.db
      .insert(uploadedDocuments)
      .values({
        auditSubmissionId: submission.id,
        fileName: 'Capabilities.doc',
        filePath: `${submission.id}/1-abc.doc`,
        fileSize: 1234,
        fileType: 'doc',
        hasMacros: true,
      })
      .returning();
    const res = await get(`/api/admin/submissions/${submission.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.submission).toMatchObject({ id: submission.id, companyName: 'mRNA Labs', source: 'intake' });
    // Its record, field by field, not the table row: the answers travel in the sections.
    expect(Object.keys(body.submission).sort()).toEqual([
      'companyName',
      'contactEmail',
      'contactName',
      'createdAt',
      'id',
      'isSpam',
      'source',
      'spamReason',
      'status',
      'updatedAt',
    ]);
    expect(body.sections).toEqual(answerSections(submission));
    expect(body.sections.map((s: { title: string }) => s.title)).toEqual([
      'Company Profile',
      'Marketing Presence',
      'Business Development Setup',
      'Goals & Pain Points',
    ]);
    expect(body.sections[0].rows).toContainEqual(['Company name', 'mRNA Labs']);
    expect(body.documents).toEqual([
      {
        id: doc!.id,
        fileName: 'Capabilities.doc',
        fileSize: 1234,
        fileType: 'doc',
        hasMacros: true, // the portal warns before the download
        createdAt: doc!.createdAt.toISOString(),
      },
    ]);
  });

  it('answers 404 for an unknown id and for one that cannot be an id', async () => {
    for (const id of ['7a1c3a4e-0000-4000-8000-000000000000', 'not-a-uuid', "1'; drop table users"]) {
      const res = await get(`/api/admin/submissions/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
  });
});

describe('PATCH /api/admin/submissions/:id', () => {
  it('sets the status and stamps updated_at', async () => {
    signIn('editor');
    const before = await addSubmission(handle);
    const res = await patch(before.id, { status: 'completed' });
    expect(res.status).toBe(200);
    const { submission } = await res.json();
    expect(submission).toMatchObject({ id: before.id, status: 'completed' });
    expect(new Date(submission.updatedAt).getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(Date.now() - new Date(submission.updatedAt).getTime()).toBeLessThan(60_000);
    expect(submission.createdAt).toBe(before.createdAt.toISOString());
    // any status may follow any other (docs/product.md)
    expect((await (await patch(before.id, { status: 'pending' })).json()).submission.status).toBe('pending');
  });

  it('refuses a status that is not one with 422 and the field, and bad JSON with 400', async () => {
    signIn('editor');
    const { id } = await addSubmission(handle);
    for (const body of [{ status: 'archived' }, {}, { status: 3 }]) {
      const res = await patch(id, body);
      expect(res.status).toBe(422);
      expect((await errorOf(res)).fields).toEqual({ status: 'Choose pending, reviewed or completed' });
    }
    const raw = await request(submissionsFn, 'PATCH', `/api/admin/submissions/${id}`, undefined, { raw: '{status' });
    expect(raw.status).toBe(400);
    expect((await handle.db.select().from(auditSubmissions))[0]!.status).toBe('pending');
  });

  it('answers 404 for an unknown id', async () => {
    signIn('editor');
    expect((await patch('7a1c3a4e-0000-4000-8000-000000000000', { status: 'reviewed' })).status).toBe(404);
    expect((await patch('nope', { status: 'reviewed' })).status).toBe(404);
  });
});
