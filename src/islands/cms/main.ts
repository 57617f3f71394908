/**
 * The browser editor at /cms (docs/decisions/0033-browser-editor.md): Decap CMS with only the backends and
 * widgets the site's content needs, its configuration made from the build's content schemas
 * (src/lib/cms-config.ts), the site's own look in the preview, and the content check before every save.
 * The page (src/pages/cms-shell.astro, served at /cms by netlify/functions/cms.mts) carries the build's settings.
 */
import { DecapCmsCore as CMS, type CmsConfig } from 'decap-cms-core';
import { GitHubBackend } from 'decap-cms-backend-github';
import { ProxyBackend } from 'decap-cms-backend-proxy';
import StringWidget from 'decap-cms-widget-string';
import NumberWidget from 'decap-cms-widget-number';
import TextWidget from 'decap-cms-widget-text';
import ImageWidget from 'decap-cms-widget-image';
import FileWidget from 'decap-cms-widget-file';
import SelectWidget from 'decap-cms-widget-select';
import MarkdownWidget from 'decap-cms-widget-markdown';
import ListWidget from 'decap-cms-widget-list';
import ObjectWidget from 'decap-cms-widget-object';
import BooleanWidget from 'decap-cms-widget-boolean';
import DatetimeWidget from 'decap-cms-widget-datetime';
import imageComponent from 'decap-cms-editor-component-image';
import { en } from 'decap-cms-locales';
import { fromJS } from 'immutable';
import { cmsConfig, LOCAL_PROXY_PATH, LOCAL_TOKEN_HEADER } from '../../lib/cms-config.ts';
import { prepareEntry } from '../../lib/cms-save.ts';
import { registerPreviews, type PreviewSite } from './previews.tsx';
import { editorPhrases } from './phrases.ts';

const settings = document.getElementById('cms-settings')?.dataset ?? {};
const local = ['localhost', '127.0.0.1'].includes(location.hostname);

/**
 * `npm run cms` writes its run's secret into this page; the local proxy refuses every request without it
 * (scripts/lib/cms-proxy.ts). Decap's proxy backend has no setting for a header, so its requests to the proxy (and
 * only those) get it here.
 */
function sendLocalToken(token: string) {
  const proxy = new URL(LOCAL_PROXY_PATH, location.origin).href;
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== proxy) return fetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(LOCAL_TOKEN_HEADER, token);
    return fetch(input, { ...init, headers });
  };
}
if (local && settings.localToken) sendLocalToken(settings.localToken);

if (!settings.repo && !local) {
  // A deployed site built without its repository: say so, instead of a sign-in that cannot work.
  const notice = document.getElementById('cms-not-set-up');
  if (notice) notice.hidden = false;
} else {
  CMS.registerBackend('github', GitHubBackend);
  CMS.registerBackend('proxy', ProxyBackend);
  for (const widget of [
    StringWidget,
    NumberWidget,
    TextWidget,
    ImageWidget,
    // A resource's download (docs/decisions/0041-resource-downloads.md).
    FileWidget,
    SelectWidget,
    MarkdownWidget,
    ListWidget,
    ObjectWidget,
    BooleanWidget,
    DatetimeWidget,
  ])
    CMS.registerWidget(widget.Widget());
  CMS.registerEditorComponent(imageComponent);
  CMS.registerLocale('en', editorPhrases(en));
  registerPreviews(
    CMS,
    (settings.stylesheets ?? '').split(' ').filter(Boolean),
    JSON.parse(settings.site ?? '{}') as PreviewSite,
  );
  // The content check, before anything is written: a problem stops the save and is shown in the check's words.
  CMS.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      const { data, problems } = prepareEntry(entry.get('collection'), entry.get('data').toJS(), entry.get('slug'));
      if (problems.length) throw Object.assign(new Error(problems.join('; ')), { name: 'Content check' });
      return fromJS(data);
    },
  });
  // Decap checks the whole configuration against its own JSON schema when it starts.
  const config = cmsConfig({ repo: settings.repo, branch: settings.branch ?? 'main' }, location.origin);
  CMS.init({ config: config as unknown as CmsConfig });
}
