/**
 * A resource's PDF made from its article at build (docs/decisions/0041-resource-downloads.md), in the report's
 * branded layout (src/features/reports/pdf.ts's Writer: US Letter, Helvetica, the agency's running header, page
 * numbers). The Markdown is read block by block: headings, paragraphs, list items, quotes and table rows as text;
 * emphasis, links and MDX expressions of `site` become their words. Dated by the resource, so the same article
 * makes the same file.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { site } from '../../src/config/site.ts';
import { brand } from '../../src/lib/brand-tokens.ts';
import { numberPages, Writer } from '../../src/features/reports/pdf.ts';

export interface ArticleMeta {
  title: string;
  description: string;
  date: Date;
}

/** Inline Markdown as plain words: links to their text, emphasis and code marks dropped, `{site.x}` filled. */
export function plainInline(text: string): string {
  return brand(text)
    .replace(/\{site\.(\w+)\}/g, (whole, key: string) => {
      const value = (site as Record<string, unknown>)[key];
      return typeof value === 'string' ? value : whole;
    })
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|\W)[*_]([^*_]+)[*_](?=\W|$)/g, '$1$2')
    .replace(/<[^>]+>/g, '')
    .trim();
}

type Block = { kind: 'heading'; level: number; text: string } | { kind: 'text' | 'item' | 'quote'; text: string };

/** The article's blocks in order; MDX imports and exports, table rules and empty lines are left out. */
export function articleBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'text', text: plainInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (!line || /^(import|export)\s/.test(line) || /^\|?[\s:|-]+\|[\s:|-]*$/.test(line)) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: plainInline(heading[2]!) });
    } else if (item) {
      flush();
      blocks.push({ kind: 'item', text: plainInline(item[1]!) });
    } else if (line.startsWith('>')) {
      flush();
      blocks.push({ kind: 'quote', text: plainInline(line.replace(/^>\s?/, '')) });
    } else if (line.startsWith('|')) {
      flush();
      const cells = line
        .split('|')
        .map((c) => plainInline(c))
        .filter(Boolean);
      blocks.push({ kind: 'text', text: cells.join(' · ') });
    } else paragraph.push(line);
  }
  flush();
  return blocks.filter((b) => b.text);
}

/** The PDF of an article. */
export async function renderArticlePdf(meta: ArticleMeta, markdown: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(site.agencyName);
  doc.setCreator(site.agencyName);
  doc.setProducer(site.agencyName);
  doc.setLanguage('en-US');
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  const w = new Writer(doc, fonts, { left: site.agencyName, right: meta.title });
  w.line(meta.title, { bold: true, size: 22, color: 'brand' });
  w.line(meta.description, { color: 'muted', before: 6 });
  for (const block of articleBlocks(markdown)) {
    if (block.kind === 'heading') w.heading(block.text, { size: block.level <= 2 ? 14 : 12, before: 16 });
    else if (block.kind === 'item') w.line(`•  ${block.text}`, { before: 3 });
    else if (block.kind === 'quote') w.line(block.text, { color: 'muted', before: 6 });
    else w.line(block.text, { before: 6 });
  }
  w.heading(`Work with ${site.agencyName}`, { size: 14, before: 24 });
  w.link('Talk to us:', new URL('/contact', site.url).href);
  numberPages(w.pages, fonts.regular);
  return doc.save();
}
