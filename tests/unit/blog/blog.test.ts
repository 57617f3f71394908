import { describe, expect, it } from 'vitest';
import blog, { config } from '../../../netlify/functions/blog.mts';
import { site } from '../../../src/config/site.ts';
import { useTestDatabase } from '../test-db.ts';
import { blogPosts, type BlogPost } from '../../../src/db/schema.ts';
import { blogPaths } from '../../../src/features/blog/paths.ts';
import { SECURITY_HEADERS } from '../../../src/server/security-headers.ts';
import { call } from '../function-harness.ts';

// The blog fills the built frame (dist/blog-shell.html): `npm test` builds before the unit tests run.
const handle = useTestDatabase({ empty: [blogPosts] });

const get = (path: string, params: Record<string, string> = {}) =>
  call(blog, path, undefined, { method: 'GET', params });

let n = 0;
async function post(fields: Partial<typeof blogPosts.$inferInsert> = {}): Promise<BlogPost> {
  n++;
  const [row] = await handle.db
    .insert(blogPosts)
    .values({
      title: `Post ${n}`,
      slug: `post-${n}`,
      content: `Body of post ${n}.`,
      excerpt: `Excerpt ${n}`,
      status: 'published',
      authorId: 'author',
      publishedAt: new Date(Date.UTC(2026, 0, n)),
      ...fields,
    })
    .returning();
  return row!;
}

describe('GET /blog/{slug}', () => {
  it('shows a published post in the site frame with its own SEO head and Article data', async () => {
    const p = await post({
      title: 'Winning RFPs as a CRO',
      slug: 'winning-rfps',
      excerpt: 'Five habits of CROs that win RFPs.',
      content: '## Habit one\n\nAnswer the question asked.',
      featuredImageUrl: 'https://images.example/rfp.png',
    });
    const res = await get('/blog/winning-rfps', { slug: 'winning-rfps' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('netlify-cdn-cache-control')).toContain('s-maxage=60');
    expect(res.headers.get('netlify-cache-tag')).toBe('blog');
    const html = await res.text();
    expect(html).toContain(`<title>Winning RFPs as a CRO | ${site.agencyName}</title>`);
    expect(html).toContain('<meta name="description" content="Five habits of CROs that win RFPs.">');
    expect(html).toContain(`<link rel="canonical" href="${site.url}/blog/winning-rfps">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:image" content="https://images.example/rfp.png">');
    // Crawlers fetch the share image from anywhere; the page itself shows no image its CSP refuses.
    expect(html).not.toContain('<img src="https://images.example/rfp.png"');
    expect(html).toContain('<meta name="robots" content="index, follow">');
    expect(html).toContain('<h2>Habit one</h2>');
    expect(html).not.toMatch(/BLOGTOKEN/);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    expect(ld).toContainEqual(
      expect.objectContaining({
        '@type': 'Article',
        headline: 'Winning RFPs as a CRO',
        datePublished: p.publishedAt!.toISOString(),
        url: `${site.url}/blog/winning-rfps`,
      }),
    );
    expect(
      ld.find((b) => b['@type'] === 'BreadcrumbList').itemListElement.map((i: { name: string }) => i.name),
    ).toEqual(['Home', 'Blog', 'Winning RFPs as a CRO']);
    // The shared frame: the header island, the footer, one h1.
    expect(html).toContain('astro-island');
    expect(html).toContain('<footer');
    expect(html.match(/<h1\b/g)).toHaveLength(1);
  });

  it('escapes a title that holds markup or a token name, in the head, the page and the JSON-LD', async () => {
    await post({ title: '</script><b>Bold</b> BLOGTOKENMAIN "quoted"', slug: 'tricky', excerpt: 'x' });
    const html = await (await get('/blog/tricky', { slug: 'tricky' })).text();
    expect(html).not.toContain('<b>Bold</b>');
    expect(html).toContain('&lt;/script&gt;&lt;b&gt;Bold&lt;/b&gt; BLOGTOKENMAIN &quot;quoted&quot;');
    expect(html).toContain('\\u003c/script>\\u003cb>Bold\\u003c/b> BLOGTOKENMAIN \\"quoted\\"');
    expect(html).toContain('Body of post'); // the main part is where it belongs, once
  });

  it('renders a post whose content holds <script> and onerror= without either', async () => {
    await post({
      slug: 'xss',
      content: 'Hi <script>alert(1)</script>\n\n<img src="/images/a.png" onerror="alert(2)">',
    });
    const html = await (await get('/blog/xss', { slug: 'xss' })).text();
    const main = html.slice(html.indexOf('data-blog-main'));
    expect(main).not.toMatch(/<script(?! type="module")|onerror|alert\(/);
    expect(main).toContain('<img src="/images/a.png"');
  });

  it('is the 404 page for a draft, an unknown slug or a malformed one', async () => {
    await post({ slug: 'secret', status: 'draft', publishedAt: null });
    for (const slug of ['secret', 'nope', 'Bad_Slug']) {
      const res = await get(`/blog/${slug}`, { slug });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Oops! Page not found');
    }
  });
});

describe('GET /blog', () => {
  it('lists published posts newest first, 10 a page, with title, excerpt, date and image', async () => {
    const images = ['http://images.example/old.png', `${site.url}/images/new.png`];
    for (let i = 0; i < 11; i++) await post({ featuredImageUrl: images[i - 9] ?? '' });
    const newest = n;
    await post({ title: 'Draft', slug: 'draft-one', status: 'draft', publishedAt: null });
    const first = await (await get('/blog')).text();
    const titles = [...first.matchAll(/<h2[^>]*><a[^>]*href="\/blog\/([^"]+)"/g)].map((m) => m[1]);
    expect(titles).toHaveLength(10);
    expect(titles[0]).toBe(`post-${newest}`);
    expect(titles).not.toContain('draft-one');
    expect(first).toContain(`<img src="${site.url}/images/new.png"`);
    expect(first).not.toContain('images.example'); // an image the CSP refuses is not shown
    expect(first).toContain(`Excerpt ${newest}`);
    expect(first).toMatch(/<time datetime="2026-01-\d\d">/);
    expect(first).toContain('href="/blog?page=2"');
    const second = await (await get('/blog?page=2')).text();
    expect([...second.matchAll(/<h2[^>]*><a[^>]*href="\/blog\/([^"]+)"/g)]).toHaveLength(1);
    expect((await get('/blog?page=3')).status).toBe(404);
    expect((await get('/blog?page=zero')).status).toBe(404);
  });
});

describe('GET /rss.xml and /sitemap-blog.xml', () => {
  it('list exactly the published posts', async () => {
    await post({ title: 'Published A', slug: 'published-a' });
    await post({ title: 'Published B', slug: 'published-b' });
    await post({ title: 'Draft C', slug: 'draft-c', status: 'draft', publishedAt: null });
    const rss = await (await get('/rss.xml')).text();
    expect([...rss.matchAll(/<item>[\s\S]*?<title>([^<]+)<\/title>/g)].map((m) => m[1])).toEqual([
      'Published B',
      'Published A',
    ]);
    expect(rss).toContain(`<link>${site.url}/blog/published-a</link>`);
    const sitemap = await (await get('/sitemap-blog.xml')).text();
    expect(sitemap).toContain(`<loc>${site.url}/blog/published-a</loc>`);
    expect(sitemap).not.toContain('draft-c');
  });
});

describe('the blog function', () => {
  it('declares its paths as literals (Netlify reads them without running the module) equal to blogPaths', () => {
    expect(config.path).toEqual([blogPaths.list, `${blogPaths.list}/:slug`, blogPaths.feed, blogPaths.sitemap]);
  });

  it("sends the site's security headers with every page, since Netlify's [[headers]] skip functions", async () => {
    await post();
    for (const res of [await get('/blog'), await get('/blog/nothing-here', { slug: 'nothing-here' })]) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    }
  });
});
