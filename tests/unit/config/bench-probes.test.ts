/**
 * `npm run bench:cold` sends every function a first request of its own (bench/cold-probes.ts) and refuses to run
 * when one has none: a new function without a probe broke the bench unnoticed until its next run (the pipeline's).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROBES } from '../../../bench/cold-probes.ts';

describe("bench:cold's probes", () => {
  it('name every function of the site, and nothing else', () => {
    const functions = readdirSync('netlify/functions')
      .filter((file) => file.endsWith('.mts'))
      .map((file) => file.slice(0, -'.mts'.length));
    expect(Object.keys(PROBES).sort()).toEqual(functions.sort());
  });
});
