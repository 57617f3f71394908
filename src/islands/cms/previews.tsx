/**
 * The CMS's preview pane, made to look like the site: the site's stylesheet inside Decap's preview frame, and
 * one template per collection with the markup and Tailwind classes of the page it becomes, so an editor sees
 * the page before the pull request. The templates read the entry defensively: a new entry starts empty.
 */
import type { ComponentType, ReactNode } from 'react';
import TeamCard from '../TeamCard.tsx';
import { num, str, strings, type PreviewProps, type PreviewSite } from './preview-data.ts';
import { CaseStudyPage, ResourcePage, ServicePage, assetUrl, entryData } from './preview-pages.tsx';

export type { PreviewProps, PreviewSite } from './preview-data.ts';

/** The part of Decap's `CMS` object (decap-cms-app's default export) this module uses. */
export interface PreviewRegistry {
  registerPreviewTemplate(name: string, component: (props: PreviewProps) => ReactNode): void;
  /** `raw: true` takes CSS text instead of an address (Decap's `PreviewStyleOptions`). */
  registerPreviewStyle(style: string, options?: { raw: boolean }): void;
}

/** A stylesheet of the site: its address (`/_astro/….css`), or its CSS text (`{ css }`, e.g. from a `?inline` import). */
export type Stylesheet = string | { css: string };

/** src/pages/about.astro's team card (the TeamCard island), from a team member's file. */
function TeamPreview({ props, site }: { props: PreviewProps; site: PreviewSite }) {
  const data = entryData(props, site);
  const src = assetUrl(props, str(data.image));
  return (
    <section className="bg-white py-16 text-ink">
      <div className="mx-auto max-w-sm px-6">
        <TeamCard
          name={str(data.name)}
          position={str(data.position)}
          bio={str(data.bio)}
          image={src ? { src, width: 256, height: 256 } : undefined}
          expertise={strings(data.expertise)}
          experience={num(data.experience) ?? 0}
          linkedin={str(data.linkedin)}
        />
      </div>
    </section>
  );
}

/** Decap's collection names and the page each is previewed as. */
const templates: Record<string, ComponentType<{ props: PreviewProps; site: PreviewSite }>> = {
  resources: ResourcePage,
  caseStudies: CaseStudyPage,
  services: ServicePage,
  team: TeamPreview,
};

/** The collections `registerPreviews` gives a template. */
export const previewCollections = Object.keys(templates);

/**
 * Registers the site's stylesheets (`stylesheets`, addresses or CSS text) and the preview templates of
 * `previewCollections` with Decap. `site` holds the values the browser cannot import from src/config (the
 * brand names that fill `{agencyName}`, `{productName}`, `{auditName}`, and the booking buttons' labels);
 * without them the tokens show as they are written.
 */
export function registerPreviews(
  cms: PreviewRegistry,
  stylesheets: readonly Stylesheet[],
  site: PreviewSite = {},
): void {
  for (const sheet of stylesheets) {
    if (typeof sheet === 'string') cms.registerPreviewStyle(sheet);
    else cms.registerPreviewStyle(sheet.css, { raw: true });
  }
  for (const [name, Page] of Object.entries(templates)) {
    // The frame's body takes the site's body style (global.css), so the page's sections sit in it directly.
    const Preview = (props: PreviewProps) => <Page props={props} site={site} />;
    Preview.displayName = `${name}Preview`;
    cms.registerPreviewTemplate(name, Preview);
  }
}
