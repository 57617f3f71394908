/** A lead's stage (issue 56): each transition and its 422s, the timeline and action log, the closed deal, a booking. */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, closedDeals, downloadRequests, leadEvents, leads } from '../../../src/db/schema.ts';
import { stageOnBooking } from '../../../src/features/pipeline/stage.ts';
import { parseCsv } from '../csv-parse.ts';
import { addMessage, errorOf, request, signIn, staff } from '../staff-harness.ts';
import { leadsFn, useLeadsDatabase } from '../leads/leads-harness.ts';

vi.mock('../../../src/features/accounts/session-user.ts', () => ({ getSessionUser: vi.fn() }));

const { handle, get, post, leadRow } = useLeadsDatabase();
// A closed deal outlives its lead (unnamed): the harness empties the leads, this file its closed deals.
beforeEach(() => handle.db.delete(closedDeals));

const stageOf = (id: string, body: unknown) => post(`/api/admin/leads/${id}/stage`, body);
const events = (id: string) =>
  handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(leadEvents.at);

describe('a lead’s stage', () => {
  it('starts at new, with no value, in the list and the lead’s reply', async () => {
    const { leadId } = await addMessage(handle, { email: 'new@helix.example' });
    const { lead } = await get(`/api/admin/leads/${leadId}`);
    expect(lead).toMatchObject({ stage: 'new', value: null, expectedCloseOn: null, lostReason: null });
    const { items } = await get('/api/admin/leads');
    expect(items[0]).toMatchObject({ id: leadId, stage: 'new', value: null, expectedCloseOn: null });
  });

  it('moves through every stage: each change on the timeline and in the action log with who made it', async () => {
    const { leadId } = await addMessage(handle, { email: 'walk@helix.example' });
    const steps = [
      { stage: 'qualified', value: 8000 },
      { stage: 'call', expectedCloseOn: '2027-01-15' },
      { stage: 'proposal', value: 12500 },
      { stage: 'won' },
    ];
    for (const body of steps) {
      const res = await stageOf(leadId, body);
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await res.json()).lead.stage).toBe(body.stage);
    }
    const row = await leadRow(leadId);
    expect(row).toMatchObject({ stage: 'won', dealValue: 12500, expectedCloseOn: '2027-01-15', lostReason: null });
    const logged = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lead.stage'))
      .orderBy(auditLog.at);
    expect(logged.map((x) => [x.actorId, x.targetId, x.detail])).toEqual([
      [staff.editor.id, leadId, { from: 'new', to: 'qualified', value: 8000 }],
      [staff.editor.id, leadId, { from: 'qualified', to: 'call', value: 8000 }],
      [staff.editor.id, leadId, { from: 'call', to: 'proposal', value: 12500 }],
      [staff.editor.id, leadId, { from: 'proposal', to: 'won', value: 12500 }],
    ]);
    const { timeline } = await get(`/api/admin/leads/${leadId}`);
    const stages = timeline.filter((e: { kind: string }) => e.kind === 'stage');
    expect(stages.map((e: { from: string; to: string }) => `${e.from}>${e.to}`)).toEqual([
      'new>qualified',
      'qualified>call',
      'call>proposal',
      'proposal>won',
    ]);
    expect(stages[2]).toMatchObject({ fromValue: 8000, value: 12500, actorEmail: staff.editor.email });
    const [deal] = await handle.db.select().from(closedDeals).where(eq(closedDeals.leadId, leadId));
    expect(deal).toMatchObject({ outcome: 'won', value: 12500 });
  });

  it('a lost deal needs its reason (and a note with other); reopening removes its closed deal', async () => {
    const { leadId } = await addMessage(handle, { email: 'lost@helix.example' });
    const noReason = await stageOf(leadId, { stage: 'lost' });
    expect(noReason.status).toBe(422);
    expect((await errorOf(noReason)).fields).toEqual({ lostReason: 'Choose why the deal was lost' });
    const noNote = await stageOf(leadId, { stage: 'lost', lostReason: 'other' });
    expect((await errorOf(noNote)).fields).toEqual({ lostNote: 'Say why the deal was lost' });
    const reasonElsewhere = await stageOf(leadId, { stage: 'qualified', lostReason: 'timing' });
    expect((await errorOf(reasonElsewhere)).fields).toEqual({ lostReason: 'Only a lost deal has a reason' });
    expect((await leadRow(leadId)).stage).toBe('new');

    const lost = await stageOf(leadId, {
      stage: 'lost',
      lostReason: 'other',
      lostNote: 'Merged with a client',
      value: 3000,
    });
    expect((await lost.json()).lead).toMatchObject({
      stage: 'lost',
      lostReason: 'other',
      lostNote: 'Merged with a client',
    });
    expect(await handle.db.$count(closedDeals, eq(closedDeals.outcome, 'lost'))).toBe(1);
    const [logged] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'lead.stage'));
    expect(logged!.detail).toEqual({ from: 'new', to: 'lost', value: 3000, reason: 'other' });

    const reopened = await stageOf(leadId, { stage: 'proposal' });
    expect((await reopened.json()).lead).toMatchObject({
      stage: 'proposal',
      lostReason: null,
      lostNote: '',
      value: 3000,
    });
    expect(await handle.db.$count(closedDeals)).toBe(0);
  });

  it('names a negative value, cents, a wrongly written date and an unknown stage; changes nothing', async () => {
    const { leadId } = await addMessage(handle, { email: 'bad@helix.example' });
    const cases: [unknown, Record<string, string>][] = [
      [{ stage: 'proposal', value: -1 }, { value: 'The value cannot be negative' }],
      [{ stage: 'proposal', value: 10.5 }, { value: 'Enter the value in whole US dollars, without cents' }],
      [{ stage: 'proposal', value: '5000' }, { value: 'Enter the value in whole US dollars' }],
      [{ stage: 'proposal', expectedCloseOn: '15/01/2027' }, { expectedCloseOn: 'Enter the date as YYYY-MM-DD' }],
      [{ stage: 'proposal', expectedCloseOn: '2027-02-30' }, { expectedCloseOn: 'Enter the date as YYYY-MM-DD' }],
      [{ stage: 'signed' }, { stage: 'Choose new, qualified, call, proposal, won, lost' }],
    ];
    for (const [body, fields] of cases) {
      const res = await stageOf(leadId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(res)).fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await leadRow(leadId)).toMatchObject({ stage: 'new', dealValue: null, expectedCloseOn: null });
    expect(await handle.db.$count(auditLog, eq(auditLog.action, 'lead.stage'))).toBe(0);
  });

  it('the same stage and values again record nothing; a new value in the same stage keeps its clock', async () => {
    const { leadId } = await addMessage(handle, { email: 'same@helix.example' });
    await stageOf(leadId, { stage: 'proposal', value: 5000 });
    const entered = (await leadRow(leadId)).stageEnteredAt;
    await stageOf(leadId, { stage: 'proposal', value: 5000 });
    expect((await events(leadId)).filter((e) => e.kind === 'stage')).toHaveLength(1);
    await stageOf(leadId, { stage: 'proposal', value: 6000 });
    expect((await events(leadId)).filter((e) => e.kind === 'stage')).toHaveLength(2);
    expect((await leadRow(leadId)).stageEnteredAt).toEqual(entered);
  });

  it('a viewer reads the stage but cannot change it (403); an unknown lead is 404', async () => {
    const { leadId } = await addMessage(handle, { email: 'viewer@helix.example' });
    signIn('viewer');
    expect((await stageOf(leadId, { stage: 'qualified' })).status).toBe(403);
    expect((await get(`/api/admin/leads/${leadId}`)).lead.stage).toBe('new');
    signIn('editor');
    expect((await stageOf('00000000-0000-4000-8000-000000000000', { stage: 'qualified' })).status).toBe(404);
  });

  it('the Leads CSV has the stage columns', async () => {
    const { leadId } = await addMessage(handle, { email: 'csv@helix.example' });
    await stageOf(leadId, { stage: 'lost', lostReason: 'timing', value: 4200, expectedCloseOn: '2027-03-01' });
    const res = await request(leadsFn, 'GET', '/api/admin/leads/export.csv');
    const [header, row] = parseCsv(await res.text());
    const column = (name: string) => row![header!.indexOf(name)];
    expect(column('stage')).toBe('lost');
    expect(column('value_usd')).toBe('4200');
    expect(column('expected_close_on')).toBe('2027-03-01');
    expect(column('lost_reason')).toBe('timing');
    expect(column('client')).toBe('false');
    expect(header).toContain('stage_entered_at');
    // Won, the lead reads as a client in the CSV as in the portal, though no admin marked it one.
    await stageOf(leadId, { stage: 'won', value: 4200 });
    const [wonHeader, wonRow] = parseCsv(await (await request(leadsFn, 'GET', '/api/admin/leads/export.csv')).text());
    expect(wonRow![wonHeader!.indexOf('client')]).toBe('true');
    expect((await leadRow(leadId)).isClient).toBe(false);
  });

  it('the closed deal keeps the first touch: source, campaign, landing page and first resource downloaded', async () => {
    const { leadId } = await addMessage(handle, { email: 'touch@helix.example' });
    await handle.db
      .update(leads)
      .set({ source: 'linkedin', attribution: { utmCampaign: 'q3-cro', landingPath: '/services/seo' } })
      .where(eq(leads.id, leadId));
    const link = { consentVersion: 'v1', consentedAt: new Date(), tokenHash: 'x', expiresAt: new Date(), maxOpens: 3 };
    const person = { leadId, name: 'T', email: 'touch@helix.example' };
    await handle.db.insert(downloadRequests).values([
      {
        ...person,
        ...link,
        resource: 'b',
        resourceTitle: 'Second guide',
        tokenHash: 'b',
        createdAt: new Date(2026, 5, 2),
      },
      {
        ...person,
        ...link,
        resource: 'a',
        resourceTitle: 'First guide',
        tokenHash: 'a',
        createdAt: new Date(2026, 5, 1),
      },
    ]);
    await stageOf(leadId, { stage: 'won', value: 9000 });
    const [deal] = await handle.db.select().from(closedDeals);
    expect(deal).toMatchObject({
      leadId,
      value: 9000,
      source: 'linkedin',
      campaign: 'q3-cro',
      landingPath: '/services/seo',
      resource: 'First guide',
    });
  });
});

describe('stageOnBooking (called by the bookings’ handler)', () => {
  it('moves a new or qualified lead to call, as the booking, at the booking’s time', async () => {
    const at = new Date('2026-11-02T15:00:00Z');
    for (const stage of ['new', 'qualified'] as const) {
      const { leadId } = await addMessage(handle, { email: `${stage}-booked@helix.example` });
      await handle.db.update(leads).set({ stage }).where(eq(leads.id, leadId));
      const changed = await handle.db.transaction((tx) => stageOnBooking(tx, leadId, at));
      expect(changed).toMatchObject({ from: stage, to: 'call' });
      expect(await leadRow(leadId)).toMatchObject({ stage: 'call', stageEnteredAt: at });
      const [event] = (await events(leadId)).filter((e) => e.kind === 'stage');
      expect(event).toMatchObject({ actorId: 'system', actorEmail: 'booked call', at });
      const [logged] = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, leadId));
      expect(logged).toMatchObject({ action: 'lead.stage', actorId: 'system', detail: { from: stage, to: 'call' } });
    }
  });

  it('leaves a lead at call, proposal, won or lost as it is, recording nothing', async () => {
    for (const stage of ['call', 'proposal', 'won', 'lost'] as const) {
      const { leadId } = await addMessage(handle, { email: `${stage}-kept@helix.example` });
      await handle.db.update(leads).set({ stage }).where(eq(leads.id, leadId));
      expect(await handle.db.transaction((tx) => stageOnBooking(tx, leadId, new Date()))).toBeNull();
      expect((await leadRow(leadId)).stage).toBe(stage);
      expect(await handle.db.$count(auditLog, eq(auditLog.targetId, leadId))).toBe(0);
    }
  });
});
