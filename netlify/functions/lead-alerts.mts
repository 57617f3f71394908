// Scheduled every 15 minutes: queues the alerts of leads whose response is due within 4 hours (to the owner)
// or overdue (to the staff inbox), and their Slack posts when SLACK_WEBHOOK_URL is set; mail-drain sends them. In the
// hour that is 08:00 in New York it also queues each owner's daily alert of stale deals (src/features/pipeline/stale.ts).
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { queueLeadAlerts } from '../../src/features/leads/alerts.ts';
import { workingOwner } from '../../src/features/leads/mail-event-parts.ts';
import { queueStaleDeals } from '../../src/features/pipeline/stale.ts';
import { json, withErrors } from '../../src/server/http.ts';
import { scheduledRun } from '../../src/features/system/scheduled-runs.ts';

export default withErrors(async () => {
  const { db } = await getDb();
  return json(
    await scheduledRun(db, 'lead-alerts', async () => ({
      ...(await queueLeadAlerts(db)),
      stale: await queueStaleDeals(db, workingOwner),
    })),
  );
});

export const config: Config = { schedule: '*/15 * * * *' };
