// How STAFF_2FA_REQUIRED resolves: on wherever the site is deployed unless explicitly `false`, off locally unless
// explicitly `true`; a typo never turns it off, and a deployed site refuses to run on one.
import { describe, expect, it } from 'vitest';
import {
  adminTwoFactorRequired,
  missingSettings,
  staffTwoFactorRequired,
  twoFactorSettingProblems,
} from '../../../src/config/platform.ts';

// What a Netlify function sees of the platform's variables at run time, and what a build sees.
const functionEnv = { URL: 'https://agency.netlify.app', SITE_NAME: 'agency', SITE_ID: 'a1b2c3' };
const buildEnv = { NETLIFY: 'true', CONTEXT: 'deploy-preview' };

describe('STAFF_2FA_REQUIRED', () => {
  it('is on by default wherever the site is deployed, and off under npm start and the tests', () => {
    expect(staffTwoFactorRequired(functionEnv)).toBe(true);
    expect(staffTwoFactorRequired(buildEnv)).toBe(true);
    expect(staffTwoFactorRequired({})).toBe(false);
    expect(staffTwoFactorRequired({ NODE_ENV: 'production' })).toBe(false);
    expect(staffTwoFactorRequired({ ...functionEnv, STAFF_2FA_REQUIRED: '' })).toBe(true);
  });

  it('is turned off on a deployed site only by an explicit false, and on locally by true', () => {
    expect(staffTwoFactorRequired({ ...functionEnv, STAFF_2FA_REQUIRED: 'false' })).toBe(false);
    expect(staffTwoFactorRequired({ ...functionEnv, STAFF_2FA_REQUIRED: ' FALSE ' })).toBe(false);
    expect(staffTwoFactorRequired({ STAFF_2FA_REQUIRED: 'true' })).toBe(true);
    expect(staffTwoFactorRequired({ STAFF_2FA_REQUIRED: 'True' })).toBe(true);
    expect(staffTwoFactorRequired({ STAFF_2FA_REQUIRED: 'false' })).toBe(false);
  });

  it('counts any other value as on, and a deployed site names it as a misconfiguration', () => {
    for (const typo of ['no', '0', 'off', 'flase']) {
      expect(staffTwoFactorRequired({ ...functionEnv, STAFF_2FA_REQUIRED: typo })).toBe(true);
      expect(staffTwoFactorRequired({ STAFF_2FA_REQUIRED: typo })).toBe(true);
      expect(twoFactorSettingProblems({ STAFF_2FA_REQUIRED: typo })).toEqual([
        { setting: 'STAFF_2FA_REQUIRED', problem: 'is neither true nor false' },
      ]);
      expect(missingSettings({ ...functionEnv, STAFF_2FA_REQUIRED: typo })).toContainEqual({
        setting: 'STAFF_2FA_REQUIRED',
        problem: 'is neither true nor false',
      });
    }
    expect(twoFactorSettingProblems({ STAFF_2FA_REQUIRED: 'false' })).toEqual([]);
    expect(twoFactorSettingProblems({})).toEqual([]);
  });

  it('keeps the deprecated ADMIN_2FA_REQUIRED: only true counts', () => {
    expect(adminTwoFactorRequired({ ADMIN_2FA_REQUIRED: 'true' })).toBe(true);
    expect(adminTwoFactorRequired({ ADMIN_2FA_REQUIRED: ' TRUE ' })).toBe(true);
    expect(adminTwoFactorRequired({ ADMIN_2FA_REQUIRED: 'false' })).toBe(false);
    expect(adminTwoFactorRequired(functionEnv)).toBe(false);
  });
});
