// scripts/admin.ts run as `npm run admin` runs it: on Node, with its own embedded database.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the script itself', () => {
  const node = path.resolve('node_modules/.bin/node');
  const run = (args: string[], dataDir: string) =>
    spawnSync(node, ['scripts/admin.ts', ...args], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: '' },
      timeout: 60_000,
    });

  it('runs on Node with its own embedded database: exit codes and output as promised', { timeout: 90_000 }, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-cli-'));
    try {
      const usage = run([], dataDir);
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('Usage:');

      const created = run(['create', 'cli@bolesta.example', '--role', 'admin'], dataDir);
      expect(created.stderr).not.toMatch(/Failed/);
      expect(created.status).toBe(0);
      expect(created.stdout).toMatch(/Password: \S{12,}/);

      const granted = run(['grant', 'cli@bolesta.example', 'viewer'], dataDir);
      expect(granted.status).toBe(0);
      expect(granted.stdout).toContain('now has the viewer role');
      expect(run(['grant', 'nobody@bolesta.example', 'viewer'], dataDir).status).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
