/**
 * `npm run db:migrate`: applies the committed migrations in drizzle/ to the database `DATABASE_URL` names
 * (Neon or any PostgreSQL server), or to the embedded PGlite in `.data/` when it is unset.
 */
import { migrateDatabase } from '../src/db/client.ts';
import { openDatabase } from '../src/db/embedded.ts';

const handle = await openDatabase();
try {
  await migrateDatabase(handle);
  console.log(`Migrations applied (${handle.driver}).`);
} finally {
  await handle.close();
}
