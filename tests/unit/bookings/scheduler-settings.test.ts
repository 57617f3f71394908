/** The schedulers' webhook secrets as settings (docs/configuration.md): unset is fine, malformed is named. */
import { describe, expect, it } from 'vitest';
import { missingSettings, schedulerSecret, schedulerSettingProblems } from '../../../src/config/platform.ts';

describe('CALENDLY_WEBHOOK_SIGNING_KEY and CAL_WEBHOOK_SECRET', () => {
  it('asks nothing when unset: the endpoints answer 503 not_configured', () => {
    expect(schedulerSettingProblems({})).toEqual([]);
    expect(schedulerSecret('calendly', {})).toBeNull();
    expect(schedulerSecret('cal', {})).toBeNull();
  });

  it('takes a secret of 16 characters or more, trimmed', () => {
    const env = { CALENDLY_WEBHOOK_SIGNING_KEY: ' a-signing-key-of-length ', CAL_WEBHOOK_SECRET: 'x'.repeat(16) };
    expect(schedulerSecret('calendly', env)).toBe('a-signing-key-of-length');
    expect(schedulerSecret('cal', env)).toBe('x'.repeat(16));
    expect(schedulerSettingProblems(env)).toEqual([]);
  });

  it('names a short secret or one with spaces, and a deployed site refuses to run on it', () => {
    const env = { CALENDLY_WEBHOOK_SIGNING_KEY: 'short', CAL_WEBHOOK_SECRET: 'has a space in the middle' };
    const problem = 'is not a signing secret (16 to 500 characters, no spaces)';
    expect(schedulerSettingProblems(env)).toEqual([
      { setting: 'CALENDLY_WEBHOOK_SIGNING_KEY', problem },
      { setting: 'CAL_WEBHOOK_SECRET', problem },
    ]);
    expect(schedulerSecret('calendly', env)).toBeNull();
    expect(missingSettings(env).map((m) => m.setting)).toEqual(
      expect.arrayContaining(['CALENDLY_WEBHOOK_SIGNING_KEY', 'CAL_WEBHOOK_SECRET']),
    );
  });
});
