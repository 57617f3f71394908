/**
 * Where the browser editor (/cms) saves: the site's GitHub repository and the branch its pull requests go to.
 * Read at build time and written into the editor's page. Netlify's build knows the repository it builds
 * (`REPOSITORY_URL`), so a site built from GitHub needs no setting; `CMS_GITHUB_REPO` names another, and
 * `CMS_BRANCH` another branch than `main`. A build with neither (a copy built by hand) gets an editor that says
 * it is not set up, instead of a sign-in that cannot work; `npm run cms` edits the working tree without either.
 */
export type CmsEnv = Record<string, string | undefined>;

const REPO = /^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+$/;
const BRANCH = /^[A-Za-z0-9._/-]+$/;

export interface CmsSettings {
  /** `owner/name` on GitHub, or undefined when the build has none. */
  repo: string | undefined;
  branch: string;
}

/** The repository of a GitHub address (`https://github.com/owner/name(.git)`), or undefined. */
export function githubRepoOf(url: string | undefined): string | undefined {
  const match = /^https:\/\/github\.com\/([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(url?.trim() ?? '');
  return match && REPO.test(match[1]!) ? match[1] : undefined;
}

/** The editor's settings, or the reasons a set value will not do (the build stops on them). */
export function cmsSettings(env: CmsEnv): CmsSettings & { problems: string[] } {
  const problems: string[] = [];
  const named = env.CMS_GITHUB_REPO?.trim();
  if (named && !REPO.test(named)) problems.push(`CMS_GITHUB_REPO must be owner/name on GitHub ("${named}")`);
  const branch = env.CMS_BRANCH?.trim() || 'main';
  if (!BRANCH.test(branch)) problems.push(`CMS_BRANCH must be a branch name ("${branch}")`);
  const repo = named && REPO.test(named) ? named : githubRepoOf(env.REPOSITORY_URL);
  return { repo, branch, problems };
}
