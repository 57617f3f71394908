/**
 * Searches for a person in the action log (issue 37, finding 6a): a CSV export logs its filters, and a search
 * for "Ada Quill" must not outlive Ada. The log keeps a search as a keyed digest, never the text, and an erasure
 * finds the rows of a search for her (by the digest of her name, address, company, phone or any of their words,
 * or her name in clear in a row written before digests) and pseudonymises them with the rest.
 */
import { describe, expect, it, vi } from 'vitest';
import * as leadsFn from '../../../netlify/functions/admin-leads.mts';
import { auditLog } from '../../../src/db/schema.ts';
import { searchDigest } from '../../../src/server/action-log.ts';
import { request, signIn } from '../staff-harness.ts';
import { ada, bea, namesAda, seedPeople, usePrivacyDatabase, logLeadsExport } from './privacy-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const handle = usePrivacyDatabase();

const exportLeads = async (q: string) => {
  const res = await request(leadsFn, 'GET', `/api/admin/leads/export.csv?q=${encodeURIComponent(q)}&spam=0`);
  expect(res.status).toBe(200);
  return res.text();
};
const exports = async () => (await handle.db.select().from(auditLog)).filter((r) => r.action === 'export.csv');
/** Every digest a search for Ada could have left. */
const adaDigests = [ada.name, 'ada', 'quill', ada.company, 'quillon', ada.email, ada.phone].map(searchDigest);

describe('a CSV export searched for a person', () => {
  it('logs the search as a keyed digest, never the text, with the other filters as given', async () => {
    await seedPeople(handle);
    signIn('viewer');
    expect(await exportLeads(`  ${ada.name.toUpperCase()} `)).toContain(ada.email);
    const [row] = await exports();
    expect(row!.detail).toEqual({
      list: 'leads',
      filters: { q: searchDigest(ada.name), spam: '0' },
      rows: 1,
    });
    expect(JSON.stringify(row!.detail).toLowerCase()).not.toContain('ada');
    expect(searchDigest(ada.name)).toMatch(/^search:[0-9a-f]{32}$/);
  });

  it('leaves no row naming her once she is erased: her searches by name, word or address, and rows from before digests', async () => {
    const seeded = await seedPeople(handle);
    signIn('viewer');
    for (const q of [ada.name, 'quill', ada.email, 'Quillon', bea.name]) await exportLeads(q);
    // Rows written before searches were kept as digests held the text itself.
    await logLeadsExport(handle, ada.name);
    expect((await exports()).length).toBe(6);

    signIn('admin');
    const res = await request(leadsFn, 'POST', `/api/admin/leads/${seeded.leadId}/erase`, { confirm: ada.email });
    expect(res.status, await res.clone().text()).toBe(200);

    const log = await handle.db.select().from(auditLog);
    for (const row of log) {
      const text = JSON.stringify(row);
      expect(namesAda(text), text).toEqual([]);
      for (const digest of adaDigests) expect(text, text).not.toContain(digest);
    }
    // Every search row still says who exported which list and when; the search for Bea is left as it was.
    const after = await exports();
    expect(after).toHaveLength(6);
    expect(after.filter((r) => 'erasedLead' in r.detail)).toHaveLength(5);
    const beaSearch = after.find((r) => JSON.stringify(r.detail).includes(searchDigest(bea.name)));
    expect(beaSearch!.detail).toEqual({
      list: 'leads',
      filters: { q: searchDigest(bea.name), spam: '0' },
      rows: 1,
    });
  });
});
