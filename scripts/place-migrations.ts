/**
 * The second half of `npm run db:generate`: drizzle-kit writes a new migration as `drizzle/<tag>.sql` (and
 * keeps its schema snapshots in drizzle/meta to diff the next change against); this moves each such file
 * to `netlify/database/migrations/<tag>/migration.sql`, where Netlify Database applies it at deploy and
 * `applyMigrations` everywhere else.
 */
import { mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../src/db/migrate.ts';

const generated = path.resolve(import.meta.dirname, '../drizzle');
for (const file of readdirSync(generated).filter((f) => f.endsWith('.sql'))) {
  const tag = file.slice(0, -'.sql'.length);
  mkdirSync(path.join(migrationsDir, tag), { recursive: true });
  const target = path.join(migrationsDir, tag, 'migration.sql');
  renameSync(path.join(generated, file), target);
  console.log(`New migration: ${path.relative(process.cwd(), target)}`);
}
