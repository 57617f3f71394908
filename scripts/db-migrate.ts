/**
 * `npm run db:migrate`: applies the migrations of netlify/database/migrations that the database has not had
 * yet, to the server `DATABASE_URL` names, or to the embedded PGlite in `.data/` when it is unset. Netlify
 * Database needs no such step: the platform applies the same folder at every deploy.
 */
import { openDatabase } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrate.ts';

const handle = await openDatabase();
try {
  const applied = await applyMigrations(handle.db);
  console.log(applied.length ? `Applied ${applied.join(', ')} (${handle.driver}).` : `Up to date (${handle.driver}).`);
} finally {
  await handle.close();
}
