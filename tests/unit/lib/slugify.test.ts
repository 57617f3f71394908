import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugify } from '../../../src/lib/slugify.ts';

describe('slugify: the blog’s slug rule', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  CRO Marketing: 5 Lessons!  ', 'cro-marketing-5-lessons'],
    ['Already-hyphenated -- twice', 'already-hyphenated-twice'],
    ['-Leading and trailing-', 'leading-and-trailing'],
    ['Tabs\tand\nnew lines', 'tabs-and-new-lines'],
    ['Café für Ärzte', 'cafe-fur-arzte'],
    ['C++ & R&D @ 2025', 'c-rd-2025'],
    ['under_score', 'underscore'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('always gives a slug that passes SLUG_PATTERN (or nothing)', () => {
    for (const title of ['A -- B', '---', 'x-', 'Ünïcødé títle', '1 2 3', 'a\u00a0b']) {
      const slug = slugify(title);
      expect(slug === '' || SLUG_PATTERN.test(slug), `${title} → ${slug}`).toBe(true);
    }
  });

  it('cuts a long title at a hyphen within the limit', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.endsWith('word')).toBe(true);
  });

  it('refuses explicit slugs that are not lowercase words joined by single hyphens', () => {
    for (const bad of ['Hello', 'a--b', '-a', 'a-', 'a b', 'a_b', '']) expect(SLUG_PATTERN.test(bad), bad).toBe(false);
    expect(SLUG_PATTERN.test('lift-audit-2025')).toBe(true);
  });
});
