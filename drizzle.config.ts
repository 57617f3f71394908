import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations for src/db/schema.ts into drizzle/; they are committed and
// applied unchanged to PGlite, Neon and any PostgreSQL server.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
