import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findCycles,
  importGraph,
  layoutViolations,
  PORTAL_DIR,
  portalPart,
  sourceFiles,
} from '../../../scripts/lib/import-graph.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const DIRS = ['src', 'netlify', 'scripts', 'tests', 'bench'];
const relative = (file: string) => path.relative(root, file);

/** The server's shared core (issue 55): a module one feature alone uses lives in that feature's folder. */
const MAX_CORE_FILES = 20;

/** The database schema is one table after another and reads best whole; nothing else may grow past this. */
const MAX_LINES = 300;
const LONG_BY_NATURE = new Set(['src/db/schema.ts']);

/** A temporary tree of source files (path → text) and the layout rules it breaks. */
function layoutOf(files: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'layout-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return layoutViolations(dir, importGraph(dir, ['src']));
}

// Files every fixture below may import: a feature's contract and service, the core, lib, config and db.
const base = {
  'src/features/leads/contract.ts': 'export type Reply = { id: string };\n',
  'src/features/leads/service.ts':
    "import type { Reply } from './contract.ts';\nexport const reply: Reply = { id: '' };\n",
  'src/server/http.ts': 'export const json = 1;\n',
  'src/lib/format.ts': 'export const format = 1;\n',
  'src/config/site.ts': 'export const site = 1;\n',
  'src/config/platform.ts': "import { env } from 'node:process';\nexport const context = env.CONTEXT;\n",
  'src/db/client.ts': 'export const db = 1;\n',
  // The portal: its shell, a shared piece and two tabs.
  'src/islands/admin/shell/Portal.tsx': "const Leads = () => import('../leads/LeadsTab.tsx');\n",
  'src/islands/admin/shared/api.ts': 'export const api = 1;\n',
  'src/islands/admin/leads/LeadsTab.tsx': "import { api } from '../shared/api.ts';\n",
  'src/islands/admin/dashboard/period.ts': 'export const period = 1;\n',
};

describe('the shape of the code', () => {
  it('has no import cycle between its own modules', () => {
    const graph = importGraph(root, DIRS);
    // The graph is read, not empty: the portal's screens import their session module, for example.
    expect(graph.get(path.join(root, 'src/islands/admin/shell/Portal.tsx'))).toContain(
      path.join(root, 'src/islands/admin/shared/portal-session.ts'),
    );
    expect(findCycles(graph).map((cycle) => cycle.map(relative).join(' → '))).toEqual([]);
  });

  it('finds a cycle when two modules import each other, types and re-exports included', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    writeFileSync(path.join(dir, 'parent.tsx'), "import type { Me } from './child.tsx';\nexport const a = 1;\n");
    writeFileSync(path.join(dir, 'child.tsx'), "export { a } from './parent';\nexport type Me = string;\n");
    writeFileSync(path.join(dir, 'leaf.ts'), "import { a } from './parent.tsx';\n");
    const cycles = findCycles(importGraph(dir, ['.']));
    expect(cycles.map((cycle) => cycle.map((file) => path.basename(file)))).toEqual([
      ['child.tsx', 'parent.tsx', 'child.tsx'],
    ]);
  });

  it('keeps the layout: islands, core, features, lib and db import only what they may', () => {
    const graph = importGraph(root, DIRS);
    // The rules read the real tree: the portal's report editor imports the reports' contract.
    expect(graph.get(path.join(root, 'src/islands/admin/shared/report/ReportEditor.tsx'))).toContain(
      path.join(root, 'src/features/reports/contract.ts'),
    );
    expect(layoutViolations(root, graph), 'see docs/decisions/0029-feature-folders.md').toEqual([]);
  });

  it('allows what the rules allow', () => {
    const allowed = layoutOf({
      ...base,
      'src/islands/Form.tsx':
        "import type { Reply } from '../features/leads/contract.ts';\nimport { format } from '../lib/format.ts';\nimport { site } from '../config/site.ts';\n",
      'src/features/reports/service.ts':
        "import type { Reply } from '../leads/contract.ts';\nimport { json } from '../../server/http.ts';\nimport { db } from '../../db/client.ts';\n",
      'src/server/list.ts': "import { db } from '../db/client.ts';\nimport { format } from '../lib/format.ts';\n",
      'src/islands/admin/dashboard/Tab.tsx':
        "import { api } from '../shared/api.ts';\nimport { period } from './period.ts';\nimport { format } from '../../../lib/format.ts';\n",
    });
    expect(allowed).toEqual([]);
  });

  it('finds an island that imports past a contract (types count)', () => {
    const broken = layoutOf({
      ...base,
      'src/islands/Tab.tsx':
        "import type { reply } from '../features/leads/service.ts';\nimport { json } from '../server/http.ts';\nimport type { db } from '../db/client.ts';\nimport { context } from '../config/platform.ts';\n",
    });
    const rule = 'islands import only contracts, lib, browser-safe config and islands';
    expect(broken).toEqual([
      `src/islands/Tab.tsx → src/config/platform.ts: ${rule}`,
      `src/islands/Tab.tsx → src/db/client.ts: ${rule}`,
      `src/islands/Tab.tsx → src/features/leads/service.ts: ${rule}`,
      `src/islands/Tab.tsx → src/server/http.ts: ${rule}`,
    ]);
  });

  // Each rule broken by one file: its imports, and the targets the rule names (types and re-exports count).
  const breaks: { rule: string; file: string; imports: string; targets: string[] }[] = [
    {
      rule: 'the core imports no feature',
      file: 'src/server/guards.ts',
      imports:
        "import { reply } from '../features/leads/service.ts';\nimport type { Reply } from '../features/leads/contract.ts';\n",
      targets: ['src/features/leads/contract.ts', 'src/features/leads/service.ts'],
    },
    {
      rule: 'a feature reaches another only through its contract',
      file: 'src/features/reports/rules/rule.ts',
      imports: "export { reply } from '../../leads/service.ts';\n",
      targets: ['src/features/leads/service.ts'],
    },
    {
      rule: 'lib imports neither the server nor a feature',
      file: 'src/lib/totals.ts',
      imports:
        "import type { Reply } from '../features/leads/contract.ts';\nimport { json } from '../server/http.ts';\n",
      targets: ['src/features/leads/contract.ts', 'src/server/http.ts'],
    },
    {
      rule: 'db imports neither the server nor a feature',
      file: 'src/db/schema.ts',
      imports:
        "import type { Reply } from '../features/leads/contract.ts';\nimport { json } from '../server/http.ts';\n",
      targets: ['src/features/leads/contract.ts', 'src/server/http.ts'],
    },
    {
      rule: 'a portal tab imports only its own folder and shared/',
      file: 'src/islands/admin/pipeline/Board.tsx',
      imports:
        "import { period } from '../dashboard/period.ts';\nimport type { Portal } from '../shell/Portal.tsx';\nconst Leads = () => import('../leads/LeadsTab.tsx');\n",
      targets: [
        'src/islands/admin/dashboard/period.ts',
        'src/islands/admin/leads/LeadsTab.tsx',
        'src/islands/admin/shell/Portal.tsx',
      ],
    },
    {
      rule: "the portal's shared pieces import no tab and not the shell",
      file: 'src/islands/admin/shared/format.ts',
      imports: "export { period } from '../dashboard/period.ts';\n",
      targets: ['src/islands/admin/dashboard/period.ts'],
    },
  ];

  it.each(breaks)('finds a break of "$rule"', ({ rule, file, imports, targets }) => {
    expect(layoutOf({ ...base, [file]: imports })).toEqual(targets.map((target) => `${file} → ${target}: ${rule}`));
  });

  it('keeps the portal in the shape of its shell: the shell, shared pieces and a folder per tab, nothing loose', () => {
    const parts = sourceFiles(root, [PORTAL_DIR]).map((file) => [relative(file), portalPart(root, file)] as const);
    expect(parts.filter(([, part]) => part === 'loose').map(([file]) => file)).toEqual([]);
    // Read from the real tree: each tab the shell opens has its folder (a tab's chunk), beside shell/ and shared/.
    expect(new Set(parts.map(([, part]) => part))).toEqual(
      new Set([
        'shell',
        'shared',
        'leads',
        'pipeline',
        'submissions',
        'messages',
        'dashboard',
        'blog',
        'people',
        'audit-log',
        'mail',
        'system',
        'account',
      ]),
    );
  });

  it(`keeps the server's shared core to at most ${MAX_CORE_FILES} loose files`, () => {
    const core = readdirSync(path.join(root, 'src/server')).filter((name) => /\.tsx?$/.test(name));
    expect(core.length, 'move a module one feature alone uses into that feature').toBeLessThanOrEqual(MAX_CORE_FILES);
    expect(core).toContain('http.ts');
  });

  it(`keeps every source file under ${MAX_LINES} lines`, () => {
    const long = sourceFiles(root, DIRS)
      .map((file) => ({ file: relative(file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ file, lines }) => lines > MAX_LINES && !LONG_BY_NATURE.has(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long, 'split these along their seams').toEqual([]);
  });
});
