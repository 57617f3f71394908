// Where the editor saves: the repository Netlify builds, unless CMS_GITHUB_REPO names another.
import { describe, expect, it } from 'vitest';
import { cmsSettings, githubRepoOf } from '../../../src/config/cms.ts';

describe('the editor settings', () => {
  it("takes the repository from Netlify's build, on branch main", () => {
    expect(cmsSettings({ REPOSITORY_URL: 'https://github.com/agency/site' })).toEqual({
      repo: 'agency/site',
      branch: 'main',
      problems: [],
    });
    expect(githubRepoOf('https://github.com/agency/site.git')).toBe('agency/site');
  });

  it('takes CMS_GITHUB_REPO and CMS_BRANCH over it', () => {
    const env = {
      REPOSITORY_URL: 'https://github.com/agency/site',
      CMS_GITHUB_REPO: 'agency/content',
      CMS_BRANCH: 'live',
    };
    expect(cmsSettings(env)).toEqual({ repo: 'agency/content', branch: 'live', problems: [] });
  });

  it('has no repository for a build off GitHub or by hand, and names a malformed value', () => {
    expect(cmsSettings({}).repo).toBeUndefined();
    expect(cmsSettings({ REPOSITORY_URL: 'https://gitlab.com/agency/site' }).repo).toBeUndefined();
    expect(cmsSettings({ CMS_GITHUB_REPO: 'https://github.com/agency/site' }).problems).toEqual([
      'CMS_GITHUB_REPO must be owner/name on GitHub ("https://github.com/agency/site")',
    ]);
    expect(cmsSettings({ CMS_BRANCH: 'main; rm' }).problems).toEqual(['CMS_BRANCH must be a branch name ("main; rm")']);
  });
});
