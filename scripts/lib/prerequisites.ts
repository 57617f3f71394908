/**
 * What `npm test` needs beyond `npm install`: Debian's Chromium and its headless shell (Playwright may not download
 * a browser here),
 * Java for the W3C HTML checker, and Debian's PostgreSQL 15 for the server tests. Missing ones are installed
 * with apt-get when the process may (root); otherwise the run stops at once with the one command to type.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL } from './chromium.ts';

export interface Prerequisite {
  /** The Debian package that provides it. */
  pkg: string;
  /** Why the tests need it, for the message. */
  why: string;
  /** The steps of `npm test` that need it (scripts/test.ts): `npm test -- unit` asks for Java only. */
  steps: readonly string[];
  present: () => boolean;
}

/** What the named steps of `npm test` need (all of `list` when none is named: the whole run). */
export const neededFor = (list: readonly Prerequisite[], steps: readonly string[]): Prerequisite[] =>
  steps.length === 0 ? [...list] : list.filter((item) => item.steps.some((name) => steps.includes(name)));

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

export const prerequisites = (env: NodeJS.ProcessEnv = process.env): Prerequisite[] => [
  {
    pkg: 'chromium',
    why: 'the end-to-end tests drive it',
    steps: ['e2e'],
    present: () => existsSync(env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM),
  },
  {
    pkg: 'chromium-headless-shell',
    why: 'most end-to-end tests drive its lighter headless build',
    steps: ['e2e'],
    present: () => existsSync(env.CHROMIUM_HEADLESS_SHELL_PATH ?? DEBIAN_HEADLESS_SHELL),
  },
  {
    pkg: 'default-jre-headless',
    why: 'the W3C HTML checker over the build runs on Java',
    steps: ['unit'],
    present: () => onPath('java'),
  },
  {
    pkg: 'postgresql-15',
    why: 'the server tests also run against PostgreSQL 15',
    steps: ['pg', 'parity'],
    present: () => existsSync(`${env.PGBIN ?? '/usr/lib/postgresql/15/bin'}/postgres`),
  },
];

/** The one command that installs `missing`, as a person types it. */
export const installCommand = (missing: readonly Prerequisite[]) =>
  `sudo apt-get install -y ${missing.map((item) => item.pkg).join(' ')}`;

const aptInstall = (packages: readonly string[]) => {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
};

/**
 * Installs what is missing when this process may (root, with apt-get); returns the prerequisites still
 * missing afterwards (empty when all is there). The installation is timed and its time printed on its own line:
 * installing is not testing, and counts toward no budget of `npm test` (scripts/lib/test-budget.ts).
 */
export function provision(
  list: readonly Prerequisite[],
  {
    canInstall = process.getuid?.() === 0 && onPath('apt-get'),
    install = aptInstall,
    log = console.log,
    now = performance.now.bind(performance),
  }: {
    canInstall?: boolean;
    install?: (packages: readonly string[]) => void;
    log?: (line: string) => void;
    /** ms of the wall clock */
    now?: () => number;
  } = {},
): Prerequisite[] {
  const missing = list.filter((item) => !item.present());
  if (missing.length === 0 || !canInstall) return missing;
  const names = missing.map((item) => item.pkg).join(', ');
  log(`Installing Debian's ${names}…`);
  const started = now();
  install(missing.map((item) => item.pkg));
  const seconds = Math.round((now() - started) / 1000);
  log(`prerequisites: installed ${names} in ${seconds} s (installing counts toward no budget of npm test)`);
  return missing.filter((item) => !item.present());
}
