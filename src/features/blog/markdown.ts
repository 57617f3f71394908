/**
 * A post's Markdown as safe HTML (docs/decisions/0013-blog-live-without-rebuild.md): Markdown is rendered with marked, then everything that
 * could run is removed by an allow-list (sanitize-html): no script, style or iframe, no event handler
 * attributes, no javascript: or data: links. Links stay; images stay only from where the CSP lets a page load
 * them (allowedImage of src/lib/image-sources.ts: the site itself), so a post never shows a broken image.
 */
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { site } from '../../config/site.ts';
import { allowedImage } from '../../lib/image-sources.ts';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li'],
    ...['strong', 'em', 'del', 's', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Whatever is not allowed goes with its contents for these, and keeps its text for the rest.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed'],
  // An image the CSP's img-src would refuse (http:, another host) goes whole, rather than show broken.
  exclusiveFilter: (frame) => frame.tag === 'img' && !allowedImage(frame.attribs.src ?? '', site.url),
  transformTags: {
    // A post's own `#` heading would be a second h1 beside the page's title.
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener nofollow ugc' } : attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
};

/** Markdown to HTML that is safe to put in the page as it is. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, options);
}

/** Markdown to plain text, for descriptions and feeds. */
export function plainText(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, ' ')
    .trim();
}
