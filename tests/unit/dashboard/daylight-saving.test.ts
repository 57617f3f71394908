// The dashboard's days and weeks are New York's: a period starts at `from` 00:00 there and ends with `to`, and a
// moment belongs to the New York week it falls in, also in the weeks the clocks change (2026-03-08: 02:00 EST
// becomes 03:00 EDT; 2026-11-01: 02:00 EDT becomes 01:00 EST, so 01:30 happens twice).
import { describe, expect, it } from 'vitest';
import { addAudit, addLead, dashboard } from './dashboard-harness.ts';

const weekTotals = async (from: string, to: string) =>
  (await dashboard(from, to)).leadsPerWeek.map(({ week, total }) => [week, total]);

describe('dashboard: weeks across daylight saving', () => {
  it('falls back: the week and the period end at midnight New York time, whichever offset it has', async () => {
    await addLead({ requested: '2026-10-26T03:59:00Z' }); // Sun 10-25 23:59 EDT: before the period
    await addLead({ requested: '2026-10-26T04:00:00Z' }); // Mon 10-26 00:00 EDT: its first minute
    await addLead({ requested: '2026-11-01T05:30:00Z' }); // Sun 11-01 01:30 EDT, the first 01:30
    await addLead({ requested: '2026-11-01T06:30:00Z' }); // Sun 11-01 01:30 EST, the second
    await addLead({ requested: '2026-11-02T04:30:00Z' }); // Sun 11-01 23:30 EST: still the week of 10-26
    await addLead({ requested: '2026-11-02T05:00:00Z' }); // Mon 11-02 00:00 EST: the next week
    await addLead({ requested: '2026-11-09T04:59:00Z' }); // Sun 11-08 23:59 EST: the period's last minute
    await addLead({ requested: '2026-11-09T05:00:00Z' }); // Mon 11-09 00:00 EST: after it
    expect(await weekTotals('2026-10-26', '2026-11-08')).toEqual([
      ['2026-10-26', 4],
      ['2026-11-02', 2],
    ]);
  });

  it('springs forward: the 23-hour Sunday is whole, in the week it ends', async () => {
    await addLead({ requested: '2026-03-08T06:59:00Z' }); // Sun 03-08 01:59 EST
    await addLead({ requested: '2026-03-08T07:00:00Z' }); // Sun 03-08 03:00 EDT, a minute later
    await addLead({ requested: '2026-03-09T03:59:00Z' }); // Sun 03-08 23:59 EDT
    await addLead({ requested: '2026-03-09T04:00:00Z' }); // Mon 03-09 00:00 EDT
    expect(await weekTotals('2026-03-08', '2026-03-09')).toEqual([
      ['2026-03-02', 3],
      ['2026-03-09', 1],
    ]);
    // A one-day period of the 23-hour day holds its three leads only.
    expect((await dashboard('2026-03-08', '2026-03-08')).totals.leads).toBe(3);
  });

  it('puts an audit request of the late Sunday evening in the week it ends, across the change', async () => {
    await addAudit('2026-11-02T04:30:00Z'); // Sun 11-01 23:30 EST
    const { auditDelivery } = await dashboard('2026-10-26', '2026-11-08');
    expect(auditDelivery.map((w) => [w.week, w.requested])).toEqual([
      ['2026-10-26', 1],
      ['2026-11-02', 0],
    ]);
  });
});
