// The editor's promise: adding one file to content/ is enough for a service, a resource or a case study to
// become a page, with its place in the lists, /sitemap, sitemap.xml, its SEO head and its structured data.
// This builds a copy of the project with three new files, the way a pull request's deploy preview would.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '../../../src/config/site.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
let copy: string;
let dist: string;
let build: ReturnType<typeof spawnSync>;

const resource = `---
title: 'Pipeline Metrics for CDMOs'
description: Which pipeline figures a CDMO's leadership should read every Monday, and what each of them tells a BD team.
tags: [Pipeline, CDMO]
image: ./images/cro-linkedin-strategies.webp
imageAlt: A chart of a sales pipeline
date: 2026-11-20
tab: blog
readTime: 4 min read
cta:
  title: Want a Second Opinion?
  text: Send us your pipeline report and we will tell you what we see.
  label: Contact Us
  href: /contact
---

## Start with the weighted pipeline

Every figure below is read against the weighted pipeline.
`;

const caseStudy = `---
title: A CDMO Fills Its New Suite in Six Months
summary: A mid-size CDMO booked its new fill-finish suite within six months of opening.
description: The suite opened with no booked programs and a sales team that had never sold fill-finish.
outcome: Suite fully booked within six months.
metaDescription: 'How a mid-size CDMO booked its new fill-finish suite within six months: a launch campaign, a webinar series and a sales playbook for a new service.'
industry: CDMO
tags: [Launch, Webinars]
order: 99
metrics:
  - { value: '100%', label: 'suite capacity booked' }
---

## What we did

A launch campaign, a webinar series and a playbook for the sales team.
`;

const service = `anchor: webinars
order: 6
title: Scientific Webinars
icon: presentation
summary: Webinars that scientists register for, attend to the end and follow up on.
services:
  - Topic and speaker selection
  - Promotion to sponsor lists
  - Hosting and recording
menu: Topics, speakers, promotion and follow-up
metaTitle: Scientific Webinars for CROs
metaDescription: Webinar programs for CROs and CDMOs, from topic and speaker to promotion, hosting and the follow-up that turns attendees into proposals.
keywords: [CRO webinars, scientific webinar production]
structuredData:
  serviceType: Webinar production
  areaServed: Worldwide
  offers: [Topic and speaker selection, Webinar hosting]
hero:
  title: Scientific Webinars That Fill Your Pipeline
  subtitle: From the first topic idea to the last follow-up email, for a series sponsors look forward to.
sections:
  - type: cards
    id: included
    title: What Is Included
    items:
      - { title: Topic Selection, icon: lightbulb, text: Topics chosen from the questions sponsors ask your BD team. }
      - { title: Speaker Coaching, icon: mic, points: [Slide review, A rehearsal with our producer] }
  - type: steps
    id: process
    title: Our Process
    items:
      - title: Plan
        text: Topics, speakers and dates for the quarter.
      - title: Host
        text: Registration, hosting, recording and polls.
  - type: checklist
    id: who-for
    title: Who It Is For
    items: [CROs with a story to tell, CDMOs launching a new capability]
    note: See our [packages](/packages) for a fixed price.
  - type: stories
    id: success-story
    title: Success Story
    items:
      - client: Bioanalytical CRO
        title: A webinar series that booked its own meetings
        text: Four webinars on assay transfer, each followed by personal invitations to a call.
        outcome: Twelve meetings booked from one quarter of webinars.
        metrics: [{ value: '12', label: meetings booked }]
cta:
  title: Plan Your Next Webinar
  text: Tell us the audience you want and we will show you how to reach it.
  buttons:
    - { label: Start Your Audit, href: /audit-intake }
    - { label: Book a Strategy Call, booking: strategyCall }
`;

/** Runs a command of the copy with this Node (the pinned one), as `npm run build` would. */
const run = (args: string[]) =>
  spawnSync(process.execPath, args, {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_DISABLE_UPDATE_CHECK: 'true' },
  });

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'one-file-'));
  for (const part of ['src', 'content', 'public', 'scripts', 'netlify']) {
    cpSync(path.join(repo, part), path.join(copy, part), { recursive: true });
  }
  for (const file of ['astro.config.mjs', 'package.json', 'tsconfig.json']) {
    cpSync(path.join(repo, file), path.join(copy, file));
  }
  symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  writeFileSync(path.join(copy, 'content/resources/pipeline-metrics-for-cdmos.mdx'), resource);
  writeFileSync(path.join(copy, 'content/case-studies/cdmo-fill-finish-suite.mdx'), caseStudy);
  writeFileSync(path.join(copy, 'content/services/scientific-webinars.yaml'), service);
  dist = path.join(copy, 'dist');
  const check = run(['scripts/check-content.ts']);
  expect(check.status, check.stderr).toBe(0);
  const files = run(['scripts/resource-files.ts']); // npm run build's second step
  expect(files.status, files.stderr).toBe(0);
  build = run(['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist]);
}, 240_000);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const page = (rel: string) => readFileSync(path.join(dist, rel), 'utf8');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
const head = (html: string) => ({
  title: html.match(/<title>([^<]*)<\/title>/)?.[1],
  description: html.match(/<meta name="description" content="([^"]*)"/)?.[1],
  canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
  ogImage: html.match(/<meta property="og:image" content="([^"]*)"/)?.[1],
});

describe('one new file is one new page', () => {
  it('builds', () => {
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  });

  it('makes the resource page with its SEO head and Article data, and lists it', () => {
    const html = page('resources/pipeline-metrics-for-cdmos.html');
    expect(head(html)).toEqual({
      title: `Pipeline Metrics for CDMOs | ${site.agencyName}`,
      description: expect.stringMatching(/^Which pipeline figures a CDMO's leadership/),
      canonical: `${site.url}/resources/pipeline-metrics-for-cdmos`,
      ogImage: expect.stringMatching(/^https?:\/\/.+\.jpg$/),
    });
    expect(html).toContain('Start with the weighted pipeline');
    expect(jsonLd(html)).toContainEqual(
      expect.objectContaining({ '@type': 'Article', headline: 'Pipeline Metrics for CDMOs' }),
    );
    expect(page('resources.html')).toContain('href="/resources/pipeline-metrics-for-cdmos"');
  });

  it('makes the case-study page with its SEO head and breadcrumbs, and lists it', () => {
    const html = page('case-studies/cdmo-fill-finish-suite.html');
    expect(head(html)).toMatchObject({
      title: `A CDMO Fills Its New Suite in Six Months | ${site.agencyName}`,
      description: expect.stringMatching(/^How a mid-size CDMO booked its new fill-finish suite/),
      canonical: `${site.url}/case-studies/cdmo-fill-finish-suite`,
    });
    expect(html).toContain('suite capacity booked');
    const crumbs = jsonLd(html).find((d) => d['@type'] === 'BreadcrumbList') as
      { itemListElement: { name: string }[] } | undefined;
    expect(crumbs?.itemListElement.map((i) => i.name)).toEqual([
      'Home',
      'Case Studies',
      'A CDMO Fills Its New Suite in Six Months',
    ]);
    // The list is paged in the browser: the new study is among the studies the pager island is given.
    expect(page('case-studies.html')).toContain('&quot;slug&quot;:[0,&quot;cdmo-fill-finish-suite&quot;]');
  });

  it('makes the service page from its blocks, with its SEO head, Service data and breadcrumbs', () => {
    const html = page('services/scientific-webinars.html');
    expect(head(html)).toMatchObject({
      title: `Scientific Webinars for CROs | ${site.agencyName}`,
      description: expect.stringMatching(/^Webinar programs for CROs and CDMOs/),
      canonical: `${site.url}/services/scientific-webinars`,
      ogImage: `${site.url}${site.defaultOgImage}`,
    });
    expect(html).toContain('<meta name="keywords" content="CRO webinars, scientific webinar production">');
    expect(html).toMatch(/<h1[^>]*>Scientific Webinars That Fill Your Pipeline<\/h1>/);
    for (const id of ['included', 'process', 'who-for', 'success-story'])
      expect(html).toContain(`<section id="${id}" aria-labelledby="${id}-heading"`);
    expect(html).toContain('Speaker Coaching');
    expect(html).toContain('A rehearsal with our producer');
    expect(html).toContain('<a class="font-semibold text-brand-700 underline" href="/packages">packages</a>');
    expect(html).toContain('meetings booked');
    expect(html).toContain(`href="${site.scheduling.strategyCall}"`);
    const data = jsonLd(html);
    expect(data).toContainEqual(
      expect.objectContaining({
        '@type': 'Service',
        name: 'Scientific Webinars for CROs',
        url: `${site.url}/services/scientific-webinars`,
        serviceType: 'Webinar production',
      }),
    );
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList') as
      { itemListElement: { name: string }[] } | undefined;
    expect(crumbs?.itemListElement.map((i) => i.name)).toEqual(['Home', 'Services', 'Scientific Webinars for CROs']);
  });

  it('gives the new service its card on /services, its line in the header and footer menus, and an offer', () => {
    const services = page('services.html');
    expect(services).toMatch(
      /<article id="webinars"[^>]*>[\s\S]*?Scientific Webinars[\s\S]*?href="\/services\/scientific-webinars"/,
    );
    const offers = jsonLd(services).find((d) => d['@type'] === 'Service') as
      { hasOfferCatalog: { itemListElement: { itemOffered: { name: string } }[] } } | undefined;
    expect(offers?.hasOfferCatalog.itemListElement.map((o) => o.itemOffered.name)).toContain('Scientific Webinars');
    const home = page('index.html');
    // The header island's menus (serialised props) and the footer's Services column.
    expect(home).toContain('&quot;href&quot;:[0,&quot;/services/scientific-webinars&quot;]');
    expect(home).toMatch(/id="footer-services"[\s\S]*?href="\/services\/scientific-webinars"/);
  });

  it('puts all three on /sitemap and in sitemap.xml', () => {
    const sitemap = page('sitemap.html');
    expect(sitemap).toMatch(/data-sitemap-group="Services"[\s\S]*?href="\/services\/scientific-webinars"/);
    expect(sitemap).toContain('href="/resources/pipeline-metrics-for-cdmos"');
    expect(sitemap).toContain('href="/case-studies/cdmo-fill-finish-suite"');
    const xml = page('sitemap-0.xml');
    expect(xml).toContain(`<loc>${site.url}/resources/pipeline-metrics-for-cdmos</loc>`);
    expect(xml).toContain(`<loc>${site.url}/case-studies/cdmo-fill-finish-suite</loc>`);
    expect(xml).toContain(`<loc>${site.url}/services/scientific-webinars</loc>`);
  });

  it('stops at a broken file with one line naming it, before any build and without a stack trace', () => {
    writeFileSync(
      path.join(copy, 'content/resources/broken.mdx'),
      resource.replace(/^description: .*$/m, 'description: Too short.'),
    );
    const check = run(['scripts/check-content.ts']);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('content/resources/broken.mdx: description must be 50–170 characters');
    expect(check.stderr).not.toMatch(/^\s+at /m);
  });
});
