import type { APIRoute } from 'astro';

/** robots.txt: everything public is crawlable; the portal and the API are not. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /blog-shell',
      'Disallow: /report-shell',
      'Disallow: /api/',
      '',
      `Sitemap: ${new URL('/sitemap.xml', site).href}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
