/** The source rule (src/lib/lead-source.ts): UTM source, else a known referrer, else direct. */
import { describe, expect, it } from 'vitest';
import { leadSource, sourceLabel } from '../../../src/lib/lead-source.ts';

describe('leadSource', () => {
  it.each([
    [{ utmSource: 'linkedin' }, 'linkedin'],
    [{ utmSource: ' LinkedIn ' }, 'linkedin'],
    [{ utmSource: 'lnkd.in' }, 'linkedin'],
    [{ utmSource: 'Newsletter', referrer: 'https://www.google.com' }, 'newsletter'],
    [{ utmSource: 'Spring  Fair' }, 'spring fair'],
    [{ referrer: 'https://www.google.com' }, 'google'],
    [{ referrer: 'https://www.google.co.uk' }, 'google'],
    [{ referrer: 'https://www.google.de' }, 'google'],
    [{ referrer: 'https://www.bing.com' }, 'bing'],
    [{ referrer: 'https://duckduckgo.com' }, 'duckduckgo'],
    [{ referrer: 'https://search.yahoo.com' }, 'yahoo'],
    [{ referrer: 'https://www.linkedin.com' }, 'linkedin'],
    [{ referrer: 'https://lnkd.in' }, 'linkedin'],
    [{ referrer: 'https://notgoogle.com' }, 'referral'],
    [{ referrer: 'https://google.com.evil.example' }, 'referral'],
    [{ referrer: 'https://biotech-news.example' }, 'referral'],
    [{ utmSource: '   ', referrer: 'https://www.bing.com' }, 'bing'],
    [{ landingPath: '/services' }, 'direct'],
    [{}, 'direct'],
    [undefined, 'direct'],
  ])('%j is %s', (attribution, source) => {
    expect(leadSource(attribution)).toBe(source);
  });
});

describe('sourceLabel', () => {
  it('names the known sources, keeps any other, and says when none was recorded', () => {
    expect(sourceLabel('linkedin')).toBe('LinkedIn');
    expect(sourceLabel('referral')).toBe('Other site');
    expect(sourceLabel('direct')).toBe('Direct');
    expect(sourceLabel('spring fair')).toBe('spring fair');
    expect(sourceLabel(null)).toBe('Not recorded');
  });
});
