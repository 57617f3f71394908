// @vitest-environment happy-dom
/**
 * The CMS preview templates (src/islands/cms/previews.tsx): registered for the collections the CMS edits, they
 * render real content files with the site's markup and classes, and never throw on an empty or half-typed entry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CMS, PreviewTemplateComponentProps } from 'decap-cms-core';
import { fromJS } from 'immutable';
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bookingLabels } from '../../../src/config/navigation.ts';
import { site } from '../../../src/config/site.ts';
import {
  registerPreviews,
  type PreviewProps,
  type PreviewSite,
  type Stylesheet,
} from '../../../src/islands/cms/previews.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** A content file's fields: a YAML file whole, a Markdown file's frontmatter. */
const contentData = (file: string): Record<string, unknown> =>
  parse(file.endsWith('.yaml') ? read(file) : read(file).split(/^---$/m)[1]!) as Record<string, unknown>;
/** The `class` of the first `<tag …>` of an Astro component: the site's own markup, which the preview mirrors. */
const astroClass = (file: string, tag: string) => new RegExp(`<${tag}[^>]*\\sclass="([^"]+)"`).exec(read(file))![1];

const siteValues: PreviewSite = {
  agencyName: site.agencyName,
  productName: site.productName,
  auditName: site.auditName,
  bookingLabels,
};

/** Registers the previews with a fake CMS and returns what was registered. */
function register(stylesheets: readonly Stylesheet[] = [], values?: PreviewSite) {
  const templates = new Map<string, ComponentType<PreviewProps>>();
  const styles: [string, unknown][] = [];
  registerPreviews(
    {
      registerPreviewTemplate: (name, component) => templates.set(name, component),
      registerPreviewStyle: (style, options) => styles.push([style, options]),
    },
    stylesheets,
    values,
  );
  return { templates, styles };
}

const BODY = 'The rendered body of the entry';
/** Decap's props for `data`: `widgetFor('body')` is the markdown widget's preview, `getAsset` a blob address. */
const propsFor = (data: unknown, overrides: Partial<PreviewProps> = {}): PreviewProps => ({
  entry: fromJS({ data }) as PreviewProps['entry'],
  widgetFor: (name) => (name === 'body' ? <p data-body>{BODY}</p> : null),
  getAsset: (asset) => ({ url: `blob:cms/${asset}`, toString: () => `blob:cms/${asset}` }),
  ...overrides,
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** Renders a template, failing on any error React reports instead of rendering. */
async function render(name: string, props: PreviewProps, values: PreviewSite = siteValues): Promise<HTMLElement> {
  const Template = register([], values).templates.get(name);
  if (!Template) throw new Error(`no template for ${name}`);
  const errors: unknown[] = [];
  const el = document.body.appendChild(document.createElement('div'));
  const options = { onUncaughtError: (e: unknown) => errors.push(e), onCaughtError: (e: unknown) => errors.push(e) };
  await act(async () => createRoot(el, options).render((<Template {...props} />) as ReactNode));
  if (errors.length) throw errors[0];
  return el;
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim();
const heroH1 = astroClass('src/components/sections/Hero.astro', 'h1');
const sectionH2 = astroClass('src/components/ui/Section.astro', 'h2');
const ctaH2 = astroClass('src/components/sections/CtaBand.astro', 'h2');

// Type checks (tsc, astro check): Decap's own CMS object and preview props fit what the module asks for.
const _decapFits = (cms: CMS, props: PreviewTemplateComponentProps): PreviewProps => {
  registerPreviews(cms, []);
  return props;
};

describe('registerPreviews', () => {
  it('registers the stylesheets and a template for each collection the CMS previews', () => {
    const { templates, styles } = register(['/_astro/about.Bx12.css', { css: 'body{color:red}' }]);
    expect(styles).toEqual([
      ['/_astro/about.Bx12.css', undefined],
      ['body{color:red}', { raw: true }],
    ]);
    expect([...templates.keys()]).toEqual(expect.arrayContaining(['resources', 'caseStudies', 'services', 'team']));
    for (const template of templates.values()) expect(typeof template).toBe('function');
  });
});

describe('the resource preview', () => {
  const data = contentData('content/resources/cro-linkedin-strategies.mdx');

  it('shows the article as its page does: hero, meta line, tags, cover, body and call to action', async () => {
    const el = await render('resources', propsFor(data));
    const h1 = el.querySelector('h1');
    expect(text(h1)).toBe('LinkedIn Strategies for CROs');
    expect(h1?.className).toBe(heroH1);
    expect(text(el.querySelector('h1 + p'))).toBe(data.description);
    expect(el.querySelector('time')?.getAttribute('datetime')).toBe('2026-08-20');
    const meta = el.querySelector('time')?.parentElement?.children ?? [];
    expect([...meta].map(text)).toEqual(['Aug 20, 2026', '·', 'Article · 5-minute read']);
    expect([...el.querySelectorAll('[aria-label="Tags"] li')].map(text)).toEqual(['LinkedIn', 'Content', 'CRO']);
    const img = el.querySelector('img');
    expect(img?.getAttribute('src')).toBe('blob:cms/./images/cro-linkedin-strategies.webp');
    expect(img?.getAttribute('alt')).toBe(data.imageAlt);
    const prose = el.querySelector('[data-body]')?.parentElement;
    expect(prose?.className).toBe(/<div class="(mt-10 prose[^"]+)"/.exec(read('src/pages/resources/[slug].astro'))![1]);
    expect(text(el.querySelector('h2'))).toBe('LinkedIn Content That Sponsors Read');
    expect(el.querySelector('h2')?.className).toBe(ctaH2);
    const buttons = [...el.querySelectorAll('section:last-child a')];
    expect(buttons.map(text)).toEqual(['Contact Us', bookingLabels.strategyCall]);
    expect(buttons[0]?.getAttribute('href')).toBe('/contact');
  });

  it('fills the brand tokens from the site values it is given, and leaves them without', async () => {
    const branded = { ...data, title: 'The {auditName} by {agencyName}' };
    expect(text((await render('resources', propsFor(branded))).querySelector('h1'))).toBe(
      `The ${site.auditName} by ${site.agencyName}`,
    );
    expect(text((await render('resources', propsFor(branded), {})).querySelector('h1'))).toBe(
      'The {auditName} by {agencyName}',
    );
  });
});

describe('the case study preview', () => {
  const data = contentData('content/case-studies/bioanalytical-cro-website.mdx');

  it('shows the title, summary, metrics, industry, description, body and outcome', async () => {
    const el = await render('caseStudies', propsFor(data));
    expect(text(el.querySelector('h1'))).toBe('A New Website Puts a Bioanalytical CRO on Page One');
    expect(el.querySelector('h1')?.className).toBe(heroH1);
    expect(text(el.querySelector('h1 + p'))).toBe(data.summary);
    const metrics = [...el.querySelectorAll('dl > div')].map((d) => [
      text(d.querySelector('dd')),
      text(d.querySelector('dt')),
    ]);
    expect(metrics).toEqual([
      ['215%', 'more organic traffic'],
      ['67%', 'more proposal requests'],
      ['$2.3M', 'pipeline influenced'],
    ]);
    expect(el.querySelector('dd')?.className).toBe('text-3xl font-bold text-brand-800');
    expect(el.textContent).toContain('Industry: Bioanalytical CRO');
    expect(el.textContent).toContain(data.description);
    expect(el.querySelector('.prose [data-body]')).not.toBeNull();
    expect(el.textContent).toContain(`Outcome: ${data.outcome}`);
    expect(el.textContent).toContain(`Start with a free ${site.auditName} of your marketing and BD.`);
  });
});

describe('the service preview', () => {
  const files = readdirSync(path.join(root, 'content/services')).filter((f) => f.endsWith('.yaml'));

  it.each(files)('shows the hero, every section by its heading and the call to action of %s', async (file) => {
    const data = contentData(`content/services/${file}`) as {
      hero: { title: string; subtitle: string };
      sections: { id: string; title: string }[];
      cta: { title: string; buttons: { label: string }[] };
    };
    const el = await render('services', propsFor(data));
    expect(text(el.querySelector('h1'))).toBe(data.hero.title);
    expect(text(el.querySelector('h1 + p'))).toBe(data.hero.subtitle);
    for (const [i, section] of data.sections.entries()) {
      const h2 = el.querySelector(`section#${section.id} h2`);
      expect(text(h2), section.id).toBe(section.title);
      expect(h2?.className).toBe(sectionH2);
      expect(el.querySelector(`section#${section.id}`)?.className).toContain(i % 2 ? 'bg-brand-50' : 'bg-white');
    }
    expect(text(el.querySelector('section:last-child h2'))).toBe(data.cta.title);
    expect([...el.querySelectorAll('section:last-child a')].map(text)).toEqual(data.cta.buttons.map((b) => b.label));
    expect(el.textContent).not.toMatch(/\{(agencyName|productName|auditName)\}/);
  });

  it('renders cards, steps, a two-column checklist and stories with their content', async () => {
    const data = contentData('content/services/event-planning.yaml') as {
      sections: { id: string; type: string; items: ({ title?: string; client?: string } | string)[] }[];
    };
    const el = await render('services', propsFor(data));
    const by = (type: string) => data.sections.find((s) => s.type === type)!;
    const cards = el.querySelectorAll(`#${by('cards').id} article h3`);
    expect([...cards].map(text)).toEqual(by('cards').items.map((c) => (c as { title: string }).title));
    expect(el.querySelector(`#${by('cards').id} article svg`)).not.toBeNull();
    const steps = el.querySelectorAll(`#${by('steps').id} ol > li`);
    expect(steps).toHaveLength(by('steps').items.length);
    expect(text(steps[1]?.querySelector('span'))).toBe('2');
    const checklist = el.querySelector(`#${by('checklist').id} ul`);
    expect([...checklist!.querySelectorAll('li')].map(text)).toEqual(by('checklist').items);
    expect(checklist?.className).toContain('sm:columns-2');
    const story = by('stories').items[0] as { client: string };
    expect(text(el.querySelector(`#${by('stories').id} article p`))).toBe(story.client);
  });

  it('turns a checklist note’s [words](/path) into a link', async () => {
    const el = await render('services', propsFor(contentData('content/services/content-promotion.yaml')));
    expect(el.querySelector('a[href="/packages"]')?.textContent).toBe('packages');
  });
});

describe('an entry the editor is still writing', () => {
  const templates = [...register().templates.keys()];

  it.each(templates)('%s renders an empty entry', async (name) => {
    const el = await render(name, propsFor({}, { widgetFor: () => null, getAsset: () => undefined }));
    expect(el.querySelector('h1, h3')).not.toBeNull();
  });

  it.each(templates)('%s renders half-filled fields, numbers as text and a body field it lacks', async (name) => {
    const partial = {
      title: 42,
      date: 'not yet a date',
      tags: [null, 'SEO'],
      cta: { buttons: null },
      metrics: [null, { value: 3 }],
      hero: null,
      experience: '12',
      image: './images/new.webp',
      sections: [{}, { type: 'cards', items: [{}, null] }, { type: 'stories', items: [] }, { type: 'checklist' }],
    };
    const fails = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'get')");
    };
    const el = await render(name, propsFor(partial, { widgetFor: fails, getAsset: fails }));
    expect(el.innerHTML).not.toBe('');
  });
});
