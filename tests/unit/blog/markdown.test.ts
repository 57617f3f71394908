import { describe, expect, it } from 'vitest';
import { plainText, renderMarkdown } from '../../../src/features/blog/markdown.ts';

describe('renderMarkdown', () => {
  it('renders Markdown: headings, emphasis, lists, tables, links and images', () => {
    const html = renderMarkdown(
      '# Title\n\n## Section\n\nSome **bold** and _em_.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Audit](/bolesta-audit) and [out](https://example.com)\n\n![Chart](https://example.com/c.png)',
    );
    expect(html).toContain('<h2>Title</h2>'); // the page's title is its only h1
    expect(html).toContain('<h2>Section</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<a href="/bolesta-audit">Audit</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener nofollow ugc">out</a>');
    expect(html).toContain('<img src="https://example.com/c.png" alt="Chart" loading="lazy" decoding="async" />');
  });

  it('removes scripts, event handlers, styles, frames and script URLs', () => {
    const html = renderMarkdown(
      [
        'Hello <script>alert("x")</script> world',
        '<img src="https://example.com/a.png" onerror="alert(1)">',
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
    expect(html).toContain('<img src="https://example.com/a.png"');
    expect(html).toContain('click');
    expect(html).toContain('text');
  });

  it('gives the plain text of a post for descriptions', () => {
    expect(plainText('## Hi\n\nSome **bold** <script>x()</script> text.')).toBe('Hi Some bold text.');
  });
});
