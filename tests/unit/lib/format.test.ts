import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/lib/format.ts';

describe('formatDate', () => {
  it('prints MMM dd, yyyy without shifting date-only values across time zones', () => {
    expect(formatDate(new Date('2026-11-05'))).toBe('Nov 05, 2026');
    expect(formatDate(new Date('2024-01-01T00:00:00Z'))).toBe('Jan 01, 2024');
    expect(formatDate(new Date('2025-12-31T23:59:59Z'))).toBe('Dec 31, 2025');
  });
});
