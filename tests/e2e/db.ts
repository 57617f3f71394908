/**
 * The database of the server under test. The server owns the PGlite folder and shares it on a socket, so
 * a test connects as a client (src/db/client.ts) and reads what the site stored.
 */
import type { Db } from '../../src/db/client.ts';
import { openDatabase } from '../../src/db/embedded.ts';

/** Runs `fn` with a connection to the e2e server's database. */
export async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const handle = await openDatabase({ dataDir });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}
