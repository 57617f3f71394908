// Scheduled every minute: sends the mail that is still queued in the outbox, in rounds (retries with backoff).
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { json, withErrors } from '../../src/server/http.ts';
import { scheduledRun } from '../../src/features/system/scheduled-runs.ts';
import { drainBacklog } from '../../src/server/mail/backlog.ts';

export default withErrors(async () => {
  const { db } = await getDb();
  return json(await scheduledRun(db, 'mail-drain', () => drainBacklog(db)));
});

export const config: Config = { schedule: '* * * * *' };
