// Scheduled on Mondays at 12:00 and 13:00 UTC: the one of the two that is 08:00 in New York (summer or winter
// time) queues the weekly summary mail to each admin, last week's headline figures with a link to the Dashboard
// tab (src/features/dashboard/weekly-summary.ts); the other does nothing. mail-drain sends them.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { queueWeeklySummary } from '../../src/features/dashboard/weekly-summary.ts';
import { closedIn } from '../../src/features/pipeline/board.ts';
import { json, withErrors } from '../../src/server/http.ts';
import { scheduledRun } from '../../src/features/system/scheduled-runs.ts';

export default withErrors(async () => {
  const { db } = await getDb();
  return json(await scheduledRun(db, 'weekly-summary', () => queueWeeklySummary(db, new Date(), closedIn)));
});

export const config: Config = { schedule: '0 12,13 * * 1' };
