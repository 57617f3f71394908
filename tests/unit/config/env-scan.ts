/**
 * Finds the environment variables that code reads, for tests/unit/config/env-vars.test.ts: a static scan of the
 * source text, not of what runs. A name computed at run time (`process.env[name]`, `env[source]`) is not seen.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const NAME = '[A-Z][A-Z0-9_]*';

/**
 * The names a JavaScript or TypeScript text reads: `process.env.X`, `env.X` of any environment record (the
 * platform's `Env`, `import.meta.env`), `env['X']`, `Netlify.env.get('X')` / `.has('X')`, and destructuring such
 * as `const { X, Y: y = '1' } = process.env`. A plain assignment (`process.env.X = …`) and `delete process.env.X`
 * set the variable for other code and are not reads; `??=` and `||=` read it first, so they are.
 */
export function readsInScript(text: string): Set<string> {
  const names = new Set<string>();
  const member = new RegExp(
    String.raw`\benv\??\.(${NAME})\b(?!\s*=(?!=))|\benv\[\s*(['"\`])(${NAME})\2\s*\](?!\s*=(?!=))`,
    'g',
  );
  for (const m of text.matchAll(member)) {
    if (/\bdelete\s+[\w.]*$/.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
    names.add((m[1] ?? m[3])!);
  }
  for (const m of text.matchAll(new RegExp(String.raw`\bNetlify\.env\.(?:get|has)\(\s*(['"\`])(${NAME})\1`, 'g'))) {
    names.add(m[2]!);
  }
  const destructure =
    /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:process\.env|env|platformEnv\(\)|Netlify\.env\.toObject\(\))\b/g;
  for (const m of text.matchAll(destructure)) {
    for (const part of m[1]!.split(',')) {
      const key = part.split(/[:=]/)[0]!.trim();
      if (new RegExp(`^${NAME}$`).test(key)) names.add(key);
    }
  }
  return names;
}

/**
 * The names a shell script reads from its environment: `${X:-default}` (and `${X-…}`, `${X:=…}`, `${X:?…}`), and
 * `$X` / `${X}` of a name the script does not assign itself.
 */
export function readsInShell(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(new RegExp(String.raw`\$\{(${NAME}):?[-=?]`, 'g'))) names.add(m[1]!);
  const assigned = new Set([...text.matchAll(new RegExp(`^\\s*(?:export\\s+)?(${NAME})=`, 'gm'))].map((m) => m[1]!));
  for (const m of text.matchAll(new RegExp(String.raw`\$\{?(${NAME})\b`, 'g'))) {
    if (!assigned.has(m[1]!)) names.add(m[1]!);
  }
  return names;
}

const SCRIPT = /\.(?:ts|tsx|mts|mjs|js|astro)$/;
const SHELL = /\.sh$/;

/** The files scanned under `root`: every script and shell file of `dirs`, and the root's config files. */
export function scannedFiles(root: string, dirs: readonly string[], extra: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SCRIPT.test(name) || SHELL.test(name)) found.push(full);
    }
  };
  for (const dir of dirs) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  const rootConfigs = readdirSync(root).filter((name) => SCRIPT.test(name) && statSync(path.join(root, name)).isFile());
  return [...found, ...rootConfigs.map((name) => path.join(root, name)), ...extra.map((file) => path.join(root, file))]
    .filter((file) => existsSync(file))
    .sort();
}

/** Each variable read in `files`, with the files (relative to `root`) that read it. */
export function envReads(root: string, files: readonly string[]): Map<string, string[]> {
  const reads = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const shell = SHELL.test(file) || text.startsWith('#!/usr/bin/env bash') || text.startsWith('#!/bin/sh');
    for (const name of shell ? readsInShell(text) : readsInScript(text)) {
      reads.set(name, [...(reads.get(name) ?? []), path.relative(root, file)]);
    }
  }
  return reads;
}

/** The three groups of docs/configuration.md, in their order: who sets a variable. */
export const GROUPS = ['Set by you in Netlify', 'Set by Netlify', 'Local and test only'] as const;

/**
 * The variables docs/configuration.md lists: the backticked name opening each item (`` - `NAME`: … ``) under one of
 * its `## ` group headings, with the group of each, and the text of the groups (`section`).
 */
export function documentedVariables(doc: string): {
  names: string[];
  section: string;
  groups: Record<string, string[]>;
} {
  const groups: Record<string, string[]> = {};
  const sections: string[] = [];
  for (const part of doc.split(/\n(?=## )/).slice(1)) {
    const title = part.slice(3, part.indexOf('\n')).trim();
    if (!(GROUPS as readonly string[]).includes(title)) continue;
    sections.push(part);
    groups[title] = [...part.matchAll(new RegExp(`^- \`(${NAME})\`:`, 'gm'))].map((m) => m[1]!);
  }
  return { names: Object.values(groups).flat(), section: sections.join('\n'), groups };
}
