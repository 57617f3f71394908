// scripts/bookings-replay.ts run as `npm run bookings:replay` runs it: on Node, into its own embedded database, through
// the webhook's function with a signing key of its own (docs/api.md, "Bookings").
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/embedded.ts';
import { bookings, leads } from '../../../src/db/schema.ts';

describe('npm run bookings:replay', () => {
  const node = path.resolve('node_modules/.bin/node');
  const run = (args: string[], dataDir: string) =>
    spawnSync(node, ['scripts/bookings-replay.ts', ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        CALENDLY_WEBHOOK_SIGNING_KEY: '',
        CAL_WEBHOOK_SECRET: '',
      },
      timeout: 60_000,
    });

  it(
    'replays a booking, its reschedule and its cancellation into a local lead, each scheduler’s way',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bookings-replay-'));
      try {
        expect(run([], dataDir).status).toBe(2);
        expect(run(['ada@lab.example', '--what'], dataDir).status).toBe(2);
        const calendly = run(['ada@lab.example'], dataDir);
        expect(calendly.stderr).not.toMatch(/Failed|refused/);
        expect(calendly.status).toBe(0);
        expect(calendly.stdout).toContain('Calendly rescheduled (new half): {"outcome":"stored"}');
        const cal = run(['Ada@Lab.example', '--cal'], dataDir);
        expect(cal.status).toBe(0);
        expect(cal.stdout).toContain('Cal.com cancelled: {"outcome":"stored"}');

        process.env.DATA_DIR = dataDir;
        const handle = await openDatabase();
        try {
          const [lead] = await handle.db.select().from(leads).where(eq(leads.emailKey, 'ada@lab.example'));
          expect(lead).toMatchObject({ source: 'linkedin', firstForm: 'booking' });
          expect(lead!.awaitingSince).not.toBeNull(); // the last call was cancelled: waiting on us
          const calls = await handle.db.select().from(bookings).where(eq(bookings.leadId, lead!.id));
          expect(calls.map((c) => [c.provider, c.status, c.keys.length]).sort()).toEqual([
            ['cal', 'cancelled', 2],
            ['calendly', 'cancelled', 2],
          ]);
        } finally {
          await handle.close();
          delete process.env.DATA_DIR;
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
