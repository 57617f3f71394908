/** The blog's pages, feed and sitemap from the published posts (docs/decisions/0013-blog-live-without-rebuild.md). */
import { getRssString } from '@astrojs/rss';
import { site } from '../../config/site.ts';
import type { BlogPost } from '../../db/schema.ts';
import { formatDate } from '../../lib/format.ts';
import { renderMarkdown, plainText } from './markdown.ts';
import { loadBuiltPage, type FramePage } from '../../server/built-page.ts';
import { SHELL_PATH } from './paths.ts';
import { escapeHtml as esc } from '../../lib/html.ts';
import { allowedImage } from '../../lib/image-sources.ts';

const abs = (p: string) => new URL(p, site.url).href;
const when = (post: BlogPost) => post.publishedAt ?? post.createdAt;
/** The post's summary: its excerpt, or the start of its text. */
const summary = (post: BlogPost) => post.excerpt.trim() || plainText(post.content).slice(0, 160);
const isImage = (url: string) => /^https?:\/\//i.test(url);
/** A featured image a page may show: the CSP's img-src allows it (an og:image may be anywhere, crawlers fetch it). */
const shown = (url: string) => isImage(url) && allowedImage(url, site.url);

const blogTitle = `${site.agencyName} Blog`;
const blogDescription = `Marketing and business development insights for CROs, CDMOs, labs and biotech consultancies from ${site.agencyName}.`;

const crumbs = (items: { name: string; path: string }[]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: abs(t.path) })),
});

function card(post: BlogPost): string {
  const date = when(post);
  const image = shown(post.featuredImageUrl)
    ? `<img src="${esc(post.featuredImageUrl)}" alt="" loading="lazy" decoding="async" class="aspect-[40/21] w-full rounded-t-xl object-cover">`
    : '';
  return `<li><article class="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">${image}
<div class="flex flex-1 flex-col p-6"><p class="text-sm text-slate-600"><time datetime="${date.toISOString().slice(0, 10)}">${formatDate(date)}</time></p>
<h2 class="mt-2 text-xl font-semibold text-ink"><a class="hover:underline" href="/blog/${post.slug}">${esc(post.title)}</a></h2>
<p class="mt-2 flex-1 text-slate-600">${esc(summary(post))}</p>
<a class="mt-4 self-start font-semibold text-brand-700 underline" href="/blog/${post.slug}">Read More<span class="sr-only">: ${esc(post.title)}</span></a></div></article></li>`;
}

/** `/blog` and its later pages: the newest posts, 10 a page, with Previous/Next. */
export function listPage(posts: BlogPost[], page: number, pages: number): FramePage {
  const at = (n: number) => (n === 1 ? '/blog' : `/blog?page=${n}`);
  const pager =
    pages > 1
      ? `<nav aria-label="Blog pages" class="mt-10 flex items-center justify-center gap-4">${
          page > 1 ? `<a class="font-semibold text-brand-700 underline" href="${at(page - 1)}">Previous</a>` : ''
        }<span>Page ${page} of ${pages}</span>${
          page < pages ? `<a class="font-semibold text-brand-700 underline" href="${at(page + 1)}">Next</a>` : ''
        }</nav>`
      : '';
  const list = posts.length
    ? `<ul class="grid gap-8 md:grid-cols-2 lg:grid-cols-3">${posts.map(card).join('')}</ul>${pager}`
    : '<p class="text-center text-slate-600">No articles yet. Browse our <a class="text-brand-700 underline" href="/resources">resources</a> in the meantime.</p>';
  return {
    title: page > 1 ? `Blog, page ${page}` : 'Blog',
    description: blogDescription,
    path: page > 1 ? `blog?page=${page}` : 'blog',
    image: '',
    ogType: 'website',
    heroTitle: 'Blog',
    heroSubtitle: 'Marketing and business development insights for life-science service providers.',
    main: `<section class="px-6 py-16"><div class="mx-auto max-w-6xl">${list}
<p class="mt-10 text-center text-sm"><a class="text-brand-700 underline" href="/rss.xml">Subscribe with RSS</a></p></div></section>`,
    jsonLd: [
      crumbs([
        { name: 'Home', path: '/' },
        { name: 'Blog', path: '/blog' },
      ]),
    ],
  };
}

/** `/blog/{slug}`: one post, its Markdown as safe HTML, and its Article data. */
export function postPage(post: BlogPost): FramePage {
  const date = when(post);
  const description = summary(post);
  const url = abs(`/blog/${post.slug}`);
  const agency = { '@type': 'Organization', name: site.agencyName, url: site.url };
  const image = isImage(post.featuredImageUrl) ? post.featuredImageUrl : '';
  return {
    title: post.title,
    description,
    path: `blog/${post.slug}`,
    image,
    ogType: 'article',
    heroTitle: post.title,
    heroSubtitle: `${formatDate(date)} · ${site.agencyName}`,
    main: `<article class="px-6 py-16"><div class="mx-auto max-w-3xl">${
      shown(image) ? `<img src="${esc(image)}" alt="" class="mb-10 w-full rounded-xl" decoding="async">` : ''
    }<div class="prose prose-slate max-w-none prose-a:text-brand-700">${renderMarkdown(post.content)}</div>
<p class="mt-12"><a class="font-semibold text-brand-700 underline" href="/blog">← All articles</a></p></div></article>`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: post.title,
        description,
        ...(image ? { image } : { image: abs(site.defaultOgImage) }),
        datePublished: date.toISOString(),
        dateModified: post.updatedAt.toISOString(),
        author: agency,
        publisher: agency,
        mainEntityOfPage: url,
        url,
      },
      crumbs([
        { name: 'Home', path: '/' },
        { name: 'Blog', path: '/blog' },
        { name: post.title, path: `/blog/${post.slug}` },
      ]),
    ],
  };
}

/** `/rss.xml`: every published post, newest first. */
export function feed(posts: BlogPost[]): Promise<string> {
  return getRssString({
    title: blogTitle,
    description: blogDescription,
    site: site.url,
    trailingSlash: false,
    items: posts.map((post) => ({
      title: post.title,
      link: `/blog/${post.slug}`,
      pubDate: when(post),
      description: summary(post),
    })),
  });
}

/** `/sitemap-blog.xml`: the published posts, listed in the site's sitemap index. */
export function sitemap(posts: BlogPost[]): string {
  const urls = [
    `<url><loc>${abs('/blog')}</loc></url>`,
    ...posts.map(
      (p) => `<url><loc>${abs(`/blog/${p.slug}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

/** The blog frame. */
export const loadShell = () => loadBuiltPage(SHELL_PATH);
