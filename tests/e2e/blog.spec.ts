import { expect, test } from '@playwright/test';
import { createStaff, saved, signIn } from './portal.ts';

test('a post published in the portal is on the blog at once; an edit shows; unpublished it is gone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const editor = `editor-${stamp}@bolesta.example`;
  await createStaff(editor, 'editor');
  await signIn(page, editor);
  await page.getByRole('tab', { name: 'Blog Posts' }).click();

  const title = `Five Habits of CROs That Win RFPs ${stamp}`;
  const slug = `five-habits-of-cros-that-win-rfps-${stamp}`;
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Content' })
    .fill('## Answer the question asked\n\nMost RFPs are lost on page one.');
  await page.getByRole('textbox', { name: 'Excerpt' }).fill('What the winners do differently.');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await saved(page, 'POST', () => page.getByRole('button', { name: 'Create Post' }).click());
  await expect(page.getByText('Blog post created successfully').last()).toBeVisible();

  const reader = await page.context().newPage();
  await reader.goto(`/blog/${slug}`);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(reader.getByRole('heading', { name: 'Answer the question asked' })).toBeVisible();
  await expect(reader).toHaveTitle(`${title} | Bolesta`);
  await expect(reader.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'What the winners do differently.',
  );
  await reader.goto('/blog');
  await expect(reader.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/blog/${slug}`);
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');

  // An edit shows on the next visit.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page
    .getByRole('textbox', { name: 'Content' })
    .fill('## Answer the question asked\n\nMost RFPs are won on page one.');
  await saved(page, 'PATCH', () => page.getByRole('button', { name: 'Update Post' }).click());
  await expect(page.getByText('Blog post updated successfully').last()).toBeVisible();
  await reader.goto(`/blog/${slug}`);
  await expect(reader.getByText('Most RFPs are won on page one.')).toBeVisible();

  // A post holding a script and an event handler renders without either.
  const xss = `xss-${stamp}`;
  const created = await page.evaluate(
    async ({ xss }) =>
      (
        await fetch('/api/admin/posts', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            title: 'Hostile markup',
            slug: xss,
            content:
              'Hi <script>window.__pwned = true</script>\n\n<img src="/og-default.png" onerror="window.__pwned = true" alt="x">',
            excerpt: 'x',
            featuredImageUrl: '',
            status: 'published',
          }),
        })
      ).status,
    { xss },
  );
  expect(created).toBe(201);
  await reader.goto(`/blog/${xss}`);
  const article = reader.locator('[data-blog-main]');
  await expect(article.locator('img')).toHaveCount(1);
  await expect(article.locator('script')).toHaveCount(0);
  await expect(article.locator('[onerror]')).toHaveCount(0);
  expect(await reader.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();

  // RSS lists the published posts, and each of them exactly once.
  const rss = await (await request.get('/rss.xml')).text();
  expect(rss.split(`/blog/${slug}</link>`)).toHaveLength(2);
  expect(rss.split(`/blog/${xss}</link>`)).toHaveLength(2);

  // Unpublished: 404 with the not-found page, and out of the feed.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('draft');
  await saved(page, 'PATCH', () => page.getByRole('button', { name: 'Update Post' }).click());
  await expect(page.getByText('Blog post updated successfully').last()).toBeVisible();
  const gone = await reader.goto(`/blog/${slug}`);
  expect(gone!.status()).toBe(404);
  await expect(reader.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  expect(await (await request.get('/rss.xml')).text()).not.toContain(`/blog/${slug}</link>`);
});

test('the resources page and the sitemap page lead to the blog; the sitemap index names its posts', async ({
  page,
  request,
}) => {
  await page.goto('/resources');
  await expect(page.getByRole('link', { name: 'Read every article on our blog' })).toHaveAttribute('href', '/blog');
  await page.goto('/sitemap');
  await expect(page.locator('[data-sitemap-group="Blog"] a')).toHaveAttribute('href', '/blog');
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/sitemap-blog.xml');
  const blogSitemap = await request.get('/sitemap-blog.xml');
  expect(blogSitemap.status()).toBe(200);
  expect(await blogSitemap.text()).toContain('/blog</loc>');
});
