// The parts of Decap CMS's packages that ship no types of their own, as src/islands/cms/main.ts uses them.
declare module 'decap-cms-backend-github' {
  import type { CmsBackendClass } from 'decap-cms-core';
  export const GitHubBackend: CmsBackendClass;
}
declare module 'decap-cms-backend-proxy' {
  import type { CmsBackendClass } from 'decap-cms-core';
  export const ProxyBackend: CmsBackendClass;
}
declare module 'decap-cms-locales' {
  export const en: Record<string, unknown>;
}
declare module 'decap-cms-editor-component-image' {
  import type { EditorComponentOptions } from 'decap-cms-core';
  const component: EditorComponentOptions;
  export default component;
}
declare module 'decap-cms-widget-*' {
  import type { CmsWidgetParam } from 'decap-cms-core';
  const widget: { Widget(): CmsWidgetParam };
  export default widget;
}
