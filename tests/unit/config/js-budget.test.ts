// `npm run budget` (scripts/js-budget.ts) against a built site of its own (DIST_DIR): the staff portal's page before
// interaction and each of its lazy chunks fail past their budgets (issue 55: 80 KB before the first click).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'scripts/js-budget.ts');
// The chunks the script looks for, read from its own list (a renamed chunk fails the run: "was it renamed?").
const chunks = [...readFileSync(script, 'utf8').matchAll(/\{ name: '(\w+)', page: '[^']+', parent: '(\w+)'/g)].flatMap(
  (m) => [m[1]!, m[2]!],
);

/** Random bytes: gzip cannot shrink them, so `kb` of them weigh `kb` KB in the budget. */
const weight = (kb: number) => randomBytes(Math.round(kb * 1024));

/** A built site: a home page, the portal (its gate importing React), the editor's page, and every lazy chunk. */
function site(sizes: { react?: number; chunks?: Record<string, number> } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-'));
  mkdirSync(path.join(dir, '_astro'));
  const file = (name: string, text: string | Buffer) => writeFileSync(path.join(dir, name), text);
  file('index.html', '<html><body><p>Home</p></body></html>');
  file('cms-shell.html', '<html><script type="module" src="/_astro/cms.x1.js"></script></html>');
  file('_astro/cms.x1.js', 'export {};');
  file(
    'admin.html',
    '<html><body><astro-island client="only" component-url="/_astro/AdminApp.x1.js" renderer-url="/_astro/client.x1.js"></astro-island></body></html>',
  );
  file('_astro/client.x1.js', 'export {};');
  file('_astro/react.x1.js', weight(sizes.react ?? 60));
  for (const name of new Set(chunks)) {
    const imports = name === 'AdminApp' ? 'import "./react.x1.js";\n' : '';
    file(`_astro/${name}.x1.js`, Buffer.concat([Buffer.from(imports), weight(sizes.chunks?.[name] ?? 1)]));
  }
  return dir;
}

const budget = (dir: string) => {
  const run = spawnSync(process.execPath, [script], { env: { ...process.env, DIST_DIR: dir }, encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
};
const line = (out: string, start: string) => out.split('\n').find((l) => l.startsWith(start)) ?? '';

describe('npm run budget', () => {
  it('reads the portal and its chunks, and passes a site within its budgets', () => {
    expect(chunks).toEqual(expect.arrayContaining(['AdminApp', 'QueryRoot', 'SignIn', 'Portal', 'LeadsTab']));
    const { status, out } = budget(site());
    expect(out).toContain('within the JavaScript budget');
    expect(line(out, '/admin ')).toMatch(/^\/admin\s+6\d\.\d\s+80\.0\s/);
    expect(status).toBe(0);
  });

  it('fails when /admin loads more than 80 KB before the first interaction', () => {
    const { status, out } = budget(site({ react: 80 }));
    expect(line(out, '/admin ')).toContain('OVER BUDGET BEFORE INTERACTION');
    expect(status).toBe(1);
  });

  it("fails when a tab's chunk passes its own budget", () => {
    const { status, out } = budget(site({ chunks: { LeadsTab: 26 } }));
    expect(line(out, 'lazy LeadsTab ')).toContain('OVER BUDGET');
    expect(line(out, '/admin ')).not.toContain('OVER');
    expect(status).toBe(1);
  });
});
