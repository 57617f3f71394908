// The docs promise only what the portal shows (the how-tos' files: how-to-files.test.ts).
//
// Every bold span of the staff's and the office manager's pages (the staff guide, the deploy checklist,
// the runbook, privacy.md) and every quoted span of the staff guide is either a label of the portal, listed in
// PORTAL_LABELS and rendered by an island (src/islands; the System tab's part titles come from
// src/features/system/), or a word of another web page or of the doc itself, listed in ELSEWHERE. A new bold
// span in neither list fails, so a label the portal does not show ("Create an account") cannot slip in unnoticed.
// Left out: a numbered step's title, a lead-in ending with a full stop, and a menu path (`A → B`) whose first
// part is not a portal tab (Netlify's, Resend's and GitHub's menus); a path that starts at a portal tab has each
// of its parts checked.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELSEWHERE, PORTAL_LABELS, PORTAL_TABS } from './portal-labels.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The pages of the office manager and staff, whose bold words are checked. */
const LABEL_DOCS = [
  'docs/staff-guide.md',
  'docs/deploy-checklist.md',
  'docs/privacy.md',
  ...readdirSync(path.join(root, 'docs/operations'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/operations/${name}`),
];

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The docs write both quotes; the islands mostly the typographic one. */
const quotes = (text: string) => text.replace(/'/g, '’');
const withoutCode = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** What a doc shows as labels: its bold spans (but step titles and lead-ins) and, if asked, its quoted spans. */
export function labelsOf(text: string, { quoted = false } = {}): string[] {
  const prose = withoutCode(text);
  const titles = new Set([...prose.matchAll(/^\s*\d+\.\s+\*\*([^*]+?)\*\*/gm)].map((m) => quotes(oneLine(m[1]!))));
  const bold = [...prose.matchAll(/\*\*([^*]+?)\*\*/g)]
    .map((m) => quotes(oneLine(m[1]!)))
    .filter((span) => !titles.has(span) && !span.endsWith('.'));
  const said = quoted ? [...prose.matchAll(/"([^"\n]+)"|“([^”\n]+)”/g)].map((m) => quotes(oneLine(m[1] ?? m[2]!))) : [];
  return [...bold, ...said];
}

/** The problems of one doc's labels: a portal path part or a label in neither list. */
export function unlistedLabels(file: string, labels: readonly string[]): string[] {
  const problems: string[] = [];
  for (const label of labels) {
    const parts = label.split('→').map((part) => part.trim());
    if (parts.length > 1) {
      if (!PORTAL_TABS.has(parts[0]!)) continue; // another web page's menu
      for (const part of parts)
        if (!PORTAL_LABELS.has(part)) problems.push(`${file}: "${part}" (in "${label}") is not a portal label`);
      continue;
    }
    if (!PORTAL_LABELS.has(label) && !ELSEWHERE.has(label))
      problems.push(`${file}: "${label}" is in neither PORTAL_LABELS nor ELSEWHERE`);
  }
  return problems;
}

/** The portal's words as the browser shows them: the islands' source without comments, one line, one quote. */
function portalText(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name)) files.push(rel);
    }
  };
  walk('src/islands');
  walk('src/features/system'); // the System tab's parts are titled by the server
  files.push('src/features/leads/booking-derive.ts'); // a booked call's words on the timeline
  files.push('src/lib/statuses.ts'); // the pipeline's stage and reason labels, which the islands show
  const code = files
    .map((file) => read(file))
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
  return quotes(oneLine(code));
}

/** Whether the portal renders `label`: each piece between `…` placeholders is in its words. */
export const rendered = (label: string, text: string): boolean =>
  label
    .split('…')
    .map((piece) => piece.trim())
    .filter(Boolean)
    .every((piece) => text.includes(piece));

describe('the docs name the portal’s labels as the portal shows them', () => {
  const text = portalText();

  it('lists only labels an island renders', () => {
    expect([...PORTAL_LABELS].filter((label) => !rendered(label, text))).toEqual([]);
  });

  it.each(LABEL_DOCS)(
    '%s: every bold label is the portal’s (listed and rendered) or named as another page’s',
    (file) => {
      const quoted = file === 'docs/staff-guide.md';
      expect(unlistedLabels(file, labelsOf(read(file), { quoted }))).toEqual([]);
    },
  );

  it('fails on a label the portal does not show, alone or in a portal path', () => {
    const doc = [
      '7. **Make the first administrator**: open the portal, choose **Create an account**.',
      'Then **User Roles → Staff roles**, and in Netlify **Deploys → Trigger deploy**. **A lead-in.** Done.',
      'The badge "Address gone" shows.',
    ].join('\n');
    expect(unlistedLabels('x.md', labelsOf(doc, { quoted: true }))).toEqual([
      'x.md: "Create an account" is in neither PORTAL_LABELS nor ELSEWHERE',
      'x.md: "Staff roles" (in "User Roles → Staff roles") is not a portal label',
      'x.md: "Address gone" is in neither PORTAL_LABELS nor ELSEWHERE',
    ]);
    expect(rendered('Create an account', text)).toBe(false);
    expect(rendered('Opened … from the mailed link', text)).toBe(true);
  });
});
