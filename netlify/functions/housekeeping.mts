// Scheduled daily: removes expired upload tokens, closed rate-limit windows and 30-day-old submit keys.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/db/client.ts';
import { sweepExpired } from '../../src/server/housekeeping.ts';
import { json, withErrors } from '../../src/server/http.ts';

export default withErrors(async () => {
  const { db } = await getDb();
  return json(await sweepExpired(db));
});

export const config: Config = { schedule: '@daily' };
