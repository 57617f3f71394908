/** A person's deal in their export, and what an erasure leaves of it (issue 56, docs/decisions/0047-pipeline.md). */
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, closedDeals, leadEvents, leads } from '../../../src/db/schema.ts';
import { addMessage, request, signIn } from '../staff-harness.ts';
import { leadsFn, useLeadsDatabase } from '../leads/leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, post } = useLeadsDatabase();
beforeEach(() => handle.db.delete(closedDeals));

async function wonLead(email: string) {
  const { leadId } = await addMessage(handle, { email, name: 'Ada Quill' });
  await handle.db
    .update(leads)
    .set({ source: 'linkedin', attribution: { utmCampaign: 'q3-cro', landingPath: '/services' } })
    .where(eq(leads.id, leadId));
  signIn('editor');
  expect((await post(`/api/admin/leads/${leadId}/stage`, { stage: 'proposal', value: 15000 })).status).toBe(200);
  expect((await post(`/api/admin/leads/${leadId}/stage`, { stage: 'won', expectedCloseOn: '2026-12-01' })).status).toBe(
    200,
  );
  return leadId;
}

describe('a person’s deal', () => {
  it('is in their export: the stage, value and close date, its history, and the closed deal', async () => {
    const leadId = await wonLead('ada@helix.example');
    signIn('admin');
    const res = await request(leadsFn, 'GET', `/api/admin/leads/${leadId}/export`);
    expect(res.status).toBe(200);
    const person = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))['person.json']!));
    expect(person.lead).toMatchObject({ stage: 'won', dealValue: 15000, expectedCloseOn: '2026-12-01' });
    const stages = person.timeline.filter((e: { kind: string }) => e.kind === 'stage');
    expect(stages.map((e: { detail: { to: string } }) => e.detail.to)).toEqual(['proposal', 'won']);
    expect(person.closedDeals).toEqual([expect.objectContaining({ outcome: 'won', value: 15000, source: 'linkedin' })]);
    expect(person.staffActions.filter((a: { action: string }) => a.action === 'lead.stage')).toHaveLength(2);
  });

  it('is erased with them, but the won deal stays unnamed with its value and first touch', async () => {
    const leadId = await wonLead('ada@helix.example');
    signIn('admin');
    const res = await post(`/api/admin/leads/${leadId}/erase`, { confirm: 'ada@helix.example' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await handle.db.$count(leads, eq(leads.id, leadId))).toBe(0);
    expect(await handle.db.$count(leadEvents, eq(leadEvents.leadId, leadId))).toBe(0);
    const deals = await handle.db.select().from(closedDeals);
    expect(deals).toEqual([
      expect.objectContaining({
        leadId: null,
        outcome: 'won',
        value: 15000,
        source: 'linkedin',
        campaign: 'q3-cro',
        landingPath: '/services',
      }),
    ]);
    // Nothing in the row names her.
    expect(JSON.stringify(deals).toLowerCase()).not.toMatch(/ada|quill|helix/);
    // The action log keeps the stage changes, pseudonymised: the system's words and the value.
    const logged = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lead.stage'))
      .orderBy(auditLog.at);
    expect(logged.map((x) => x.detail)).toEqual([
      expect.objectContaining({ from: 'new', to: 'proposal', value: 15000, erasedLead: leadId }),
      expect.objectContaining({ from: 'proposal', to: 'won', value: 15000, erasedLead: leadId }),
    ]);
  });
});
