/** The pg step runs only the unit test files that reach the database (scripts/lib/database-tests.ts). */
import { describe, expect, it } from 'vitest';
import { testsWithoutDatabase } from '../../../scripts/lib/database-tests.ts';

const root = process.cwd();

describe('the test files the pg step leaves out', () => {
  it('are those whose imports never reach the database client, through any harness', () => {
    const files = [
      'tests/unit/leads/reply-text.test.ts',
      'tests/unit/reports/page.test.ts',
      'tests/unit/accounts/password-hash.test.ts',
      'tests/unit/pipeline/stage.test.ts',
      'tests/unit/accounts/recovery-codes.test.ts',
      'tests/unit/bookings/webhooks.test.ts',
      'tests/unit/db/migrate.test.ts',
      'tests/unit/pipeline/pipeline-migration.test.ts',
    ];
    expect(testsWithoutDatabase(root, files)).toEqual([
      'tests/unit/leads/reply-text.test.ts',
      'tests/unit/reports/page.test.ts',
      'tests/unit/accounts/password-hash.test.ts',
    ]);
  });
});
