import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` diffs src/db/schema.ts against the snapshots in drizzle/meta and writes the new SQL
// migration, which scripts/place-migrations.ts moves to netlify/database/migrations/<tag>/migration.sql:
// Netlify Database applies that folder at deploy, and src/db/migrate.ts applies it to every other database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
