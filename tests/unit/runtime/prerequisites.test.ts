import { describe, expect, it } from 'vitest';
import {
  installCommand,
  neededFor,
  prerequisites,
  provision,
  type Prerequisite,
} from '../../../scripts/lib/prerequisites.ts';

const item = (pkg: string, present: () => boolean): Prerequisite => ({ pkg, why: `for ${pkg}`, steps: [], present });

describe('npm test prerequisites', () => {
  it('looks for Chromium and its headless shell where CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH point, Java on the PATH and PostgreSQL 15 under PGBIN', () => {
    const list = prerequisites({
      CHROMIUM_PATH: '/nowhere/chromium',
      CHROMIUM_HEADLESS_SHELL_PATH: '/nowhere/chromium-headless-shell',
      PGBIN: '/nowhere/bin',
    });
    expect(list.map((entry) => entry.pkg)).toEqual([
      'chromium',
      'chromium-headless-shell',
      'default-jre-headless',
      'postgresql-15',
    ]);
    expect(list.map((entry) => entry.pkg === 'default-jre-headless' || entry.present())).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('asks each step for what it needs only: Java for unit, Chromium for e2e, PostgreSQL for pg and parity', () => {
    const list = prerequisites({});
    const needs = (...steps: string[]) => neededFor(list, steps).map((entry) => entry.pkg);
    expect(needs('unit')).toEqual(['default-jre-headless']);
    expect(needs('lint', 'check', 'build', 'bundles', 'budget')).toEqual([]);
    expect(needs('e2e')).toEqual(['chromium', 'chromium-headless-shell']);
    expect(needs('pg')).toEqual(['postgresql-15']);
    expect(needs('parity')).toEqual(['postgresql-15']);
    expect(needs()).toEqual(['chromium', 'chromium-headless-shell', 'default-jre-headless', 'postgresql-15']);
  });

  it('returns what is missing, untouched, when it may not install, and names the one command', () => {
    const installed: string[] = [];
    const missing = provision([item('chromium', () => false), item('default-jre-headless', () => true)], {
      canInstall: false,
      install: (packages) => installed.push(...packages),
    });
    expect(installed).toEqual([]);
    expect(missing.map((entry) => entry.pkg)).toEqual(['chromium']);
    expect(installCommand(missing)).toBe('sudo apt-get install -y chromium');
  });

  it('installs only what is missing when it may, prints how long installing took, and reports what is still missing after', () => {
    const have = new Set(['default-jre-headless']);
    const list = ['chromium', 'default-jre-headless', 'postgresql-15'].map((pkg) => item(pkg, () => have.has(pkg)));
    const lines: string[] = [];
    let ms = 0;
    const stillMissing = provision(list, {
      canInstall: true,
      install: (packages) => {
        ms += 312_000; // apt-get's minutes, on the clock handed in
        packages.filter((pkg) => pkg !== 'postgresql-15').forEach((pkg) => have.add(pkg));
      },
      log: (line) => lines.push(line),
      now: () => ms,
    });
    expect(lines).toEqual([
      "Installing Debian's chromium, postgresql-15…",
      'prerequisites: installed chromium, postgresql-15 in 312 s (installing counts toward no budget of npm test)',
    ]);
    expect(stillMissing.map((entry) => entry.pkg)).toEqual(['postgresql-15']);
  });

  it('does nothing when everything is there', () => {
    const calls: string[][] = [];
    expect(provision([item('chromium', () => true)], { canInstall: true, install: (p) => calls.push([...p]) })).toEqual(
      [],
    );
    expect(calls).toEqual([]);
  });
});
