/**
 * The agency's identity as content (content/site/settings.json, "Site settings" at /cms): held to its schema, and
 * a deployed build on the repository's invented values stops naming each field (scripts/lib/identity-build-check.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { identityProblems } from '../../../src/config/identity.ts';
import { entryProblems } from '../../../src/lib/content-entry.ts';
import { identityBuildCheck } from '../../../scripts/lib/identity-build-check.ts';
import { collectionFields } from '../../../src/lib/cms-config.ts';
import { inventedIdentity, realIdentity } from '../../fixtures/site-identity.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'identity-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** A content folder holding `data` as its Site settings. */
function contentWith(data: unknown): string {
  const dir = mkdtempSync(path.join(scratch, 'content-'));
  mkdirSync(path.join(dir, 'site'));
  writeFileSync(path.join(dir, 'site', 'settings.json'), JSON.stringify(data));
  return dir;
}
const noImage = () => {
  throw new Error('Site settings have no image');
};

describe('the Site settings', () => {
  it('names each field still holding an invented or example value, and none of real ones', () => {
    expect(identityProblems(inventedIdentity).map((p) => p.field)).toEqual([
      'email',
      'phone',
      'address',
      'LinkedIn',
      'map',
      'legal entity',
    ]);
    expect(identityProblems(realIdentity)).toEqual([]);
    // A fictional number (555-01xx) or an example domain is a placeholder whatever else changed.
    expect(identityProblems({ ...realIdentity, phone: '+1 215-555-0142' })).toEqual([
      { field: 'phone', problem: 'is a placeholder (+1 215-555-0142)' },
    ]);
    expect(identityProblems({ ...realIdentity, email: 'office@agency.test' }).map((p) => p.field)).toEqual(['email']);
  });

  it('are held to the content schema, in the check’s words, and the editor asks for the same fields', () => {
    expect(entryProblems('siteSettings', realIdentity, noImage)).toEqual([]);
    expect(
      entryProblems('siteSettings', { ...realIdentity, phone: 'call us', address: { street: '' } }, noImage),
    ).toEqual([
      'phone must be a phone number: digits, spaces, ( ) . - and a leading +',
      'address.street must be 1–120 characters',
      'address.city is missing (it must be text)',
      'address.region is missing (it must be text)',
      'address.postalCode is missing (it must be text)',
      'address.country is missing (it must be text)',
    ]);
    expect(collectionFields('siteSettings').map((f) => f.name)).toEqual([
      'email',
      'phone',
      'address',
      'social',
      'mapEmbedUrl',
      'legalEntity',
    ]);
  });

  it('stop a deployed build on invented values, naming phone, address and LinkedIn; real ones pass', () => {
    const invented = contentWith(inventedIdentity);
    expect(() => identityBuildCheck({ NETLIFY: 'true' }, invented)).toThrow(
      /Site settings: phone is a placeholder \(\+1 \(555\) 010-0199\); Site settings: address is a placeholder \(100 Market Street.*Site settings: LinkedIn is a placeholder/,
    );
    // The refusal sends the reader to the deploy checklist's step that fills them in.
    expect(() => identityBuildCheck({ NETLIFY: 'true' }, invented)).toThrow(
      /\(docs\/deploy-checklist\.md, step 0\)\.$/,
    );
    const checklist = readFileSync(path.resolve(import.meta.dirname, '../../../docs/deploy-checklist.md'), 'utf8');
    expect(checklist).toMatch(/^0\. \*\*Fill in the agency's details\*\*/m);
    // On a computer the build runs and says what a deploy would refuse.
    expect(identityBuildCheck({}, invented)).toHaveLength(6);
    expect(identityBuildCheck({ NETLIFY: 'true' }, contentWith(realIdentity))).toEqual([]);
  });
});
