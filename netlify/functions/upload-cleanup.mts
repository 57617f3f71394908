// Scheduled every hour: removes document uploads abandoned half-way (older than the upload token's life)
// with their parts, and part blobs whose upload is gone.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { json, withErrors } from '../../src/server/http.ts';
import { scheduledRun } from '../../src/features/system/scheduled-runs.ts';
import { cleanupStaleUploads } from '../../src/features/uploads/cleanup.ts';

export default withErrors(async () => {
  const { db } = await getDb();
  return json(await scheduledRun(db, 'upload-cleanup', () => cleanupStaleUploads(db)));
});

export const config: Config = { schedule: '@hourly' };
