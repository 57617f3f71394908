import { describe, expect, it } from 'vitest';
import { plainText, renderMarkdown } from '../../../src/features/blog/markdown.ts';
import { site } from '../../../src/config/site.ts';

describe('renderMarkdown', () => {
  it('renders Markdown: headings, emphasis, lists, tables, links and images', () => {
    const html = renderMarkdown(
      '# Title\n\n## Section\n\nSome **bold** and _em_.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Audit](/bolesta-audit) and [out](https://example.com)\n\n![Chart](/images/c.png)',
    );
    expect(html).toContain('<h2>Title</h2>'); // the page's title is its only h1
    expect(html).toContain('<h2>Section</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<a href="/bolesta-audit">Audit</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener nofollow ugc">out</a>');
    expect(html).toContain('<img src="/images/c.png" alt="Chart" loading="lazy" decoding="async" />');
  });

  it('removes scripts, event handlers, styles, frames and script URLs', () => {
    const html = renderMarkdown(
      [
        'Hello <script>alert("x")</script> world',
        '<img src="/a.png" onerror="alert(1)">',
        '<a href="javascript:alert(1)" onclick="alert(2)">click</a>',
        '[md link](javascript:alert(3))',
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
        '<div onmouseover="alert(4)">text</div>',
        '![x](data:image/svg+xml;base64,PHN2Zz4=)',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|alert\("x"\)|onerror|onclick|onmouseover|javascript:|<iframe|<style|data:image/i);
    expect(html).toContain('Hello');
    expect(html).toContain('world');
    expect(html).toContain('<img src="/a.png"');
    expect(html).toContain('click');
    expect(html).toContain('text');
  });

  it('keeps only the images the CSP lets the page load: the site’s own, never http: or another host', () => {
    const html = renderMarkdown(
      [
        '![own](/images/own.png)',
        `![own, whole address](${site.url}/images/whole.png)`,
        '![plain http](http://example.com/tracker.png)',
        `![own site over http](${site.url.replace('https:', 'http:')}/images/http.png)`,
        '![other host](https://images.example/other.png)',
        '<img src="//images.example/protocol-relative.png" alt="pr">',
        '<img src="https://images.example/raw.png" alt="raw html">',
        '<img alt="no source">',
      ].join('\n\n'),
    );
    const sources = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => /src="([^"]*)"/.exec(m[0])?.[1]);
    expect(sources).toEqual(['/images/own.png', `${site.url}/images/whole.png`]);
    expect(html).not.toMatch(/example\.com|images\.example|http:/);
  });

  it('gives the plain text of a post for descriptions', () => {
    expect(plainText('## Hi\n\nSome **bold** <script>x()</script> text.')).toBe('Hi Some bold text.');
  });
});
