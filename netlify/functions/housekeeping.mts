// Scheduled daily: removes expired upload tokens, closed rate-limit windows and 30-day-old submit keys, and
// keeps the privacy policy (docs/privacy.md): erases leads past retention (not clients), empties mail bodies
// older than 30 days, retries the blob deletions an erasure left queued, and deletes the visit counts of days
// older than VISIT_COUNT_MONTHS (docs/decisions/0046).
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { sweepVisitCounts } from '../../src/features/funnel/visits.ts';
import { sweepRetention } from '../../src/features/privacy/retention.ts';
import { uploadStores } from '../../src/features/uploads/stores.ts';
import { sweepExpired } from '../../src/server/housekeeping.ts';
import { json, withErrors } from '../../src/server/http.ts';
import { scheduledRun } from '../../src/features/system/scheduled-runs.ts';

export default withErrors(async () => {
  const { db } = await getDb();
  return json(
    await scheduledRun(db, 'housekeeping', async () => ({
      ...(await sweepExpired(db)),
      retention: await sweepRetention(db, uploadStores()),
      visitCounts: await sweepVisitCounts(db),
    })),
  );
});

export const config: Config = { schedule: '@daily' };
