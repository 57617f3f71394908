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

/**
 * The editor's own origin (`CMS_ORIGIN`, docs/decisions/0037-editor-on-its-own-origin.md): when set, /cms is
 * served there only (elsewhere it redirects there), and that origin serves nothing else of the site's functions
 * (no portal, no sign-in), so the editor's `'unsafe-eval'` and Decap's GitHub token in localStorage share no
 * origin with a staff session or the report drafts. Read at run time by the functions. `problem`: a value that
 * will not do (then /cms is served nowhere, and says so in the log), such as the site's netlify.app address
 * (`SITE_NAME`, set by Netlify) while a custom domain is the primary one.
 */
export function editorOrigin(env: CmsEnv, siteOrigin: string): { origin: string | undefined; problem?: string } {
  const value = env.CMS_ORIGIN?.trim();
  if (!value) return { origin: undefined };
  const url = URL.parse(value);
  const local = url?.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname);
  if (!url || (url.protocol !== 'https:' && !local) || url.pathname !== '/' || url.search || url.hash)
    return { origin: undefined, problem: `CMS_ORIGIN must be an origin such as https://cms.agency.com ("${value}")` };
  if (url.origin === siteOrigin)
    return { origin: undefined, problem: `CMS_ORIGIN must be another origin than the site's own ("${value}")` };
  // Netlify redirects the site's own netlify.app address to a custom primary domain, and /cms there back to the
  // editor's origin: a loop. A domain alias (cms.agency.com) is served as it is (docs/deploy-checklist.md, 13.5).
  const netlifyAddress = env.SITE_NAME?.trim() && `${env.SITE_NAME.trim().toLowerCase()}.netlify.app`;
  if (netlifyAddress && url.hostname === netlifyAddress && URL.parse(siteOrigin)?.hostname !== netlifyAddress)
    return {
      origin: undefined,
      problem: `CMS_ORIGIN must not be the site's netlify.app address once a custom domain is primary: Netlify redirects it to ${siteOrigin}, so /cms would loop; use a domain alias such as https://cms.agency.com ("${value}")`,
    };
  return { origin: url.origin };
}
