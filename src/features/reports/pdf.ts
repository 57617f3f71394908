/**
 * A delivered report as a PDF (docs/decisions/0027-audit-workbench.md): what the report page shows, on US
 * Letter pages in the standard Helvetica fonts (nothing to embed, so the function stays small), wrapped to
 * the page width, with as many pages as the text needs, a running header (agency, company) and page numbers.
 * Drawn per request from the frozen version; its dates are the delivery's, so the same version gives the
 * same file.
 */
import { PDFDocument, PDFString, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { bookingLabels } from '../../config/navigation.ts';
import { site } from '../../config/site.ts';
import { MAX_SCORE } from '../../lib/audit-report.ts';
import type { DeliveredArea, DeliveredReport } from './contract.ts';
import { encodable, wrapText } from './pdf-text.ts';
import * as wording from './text.ts';

const [WIDTH, HEIGHT, MARGIN] = [612, 792, 56];
const TEXT_WIDTH = WIDTH - 2 * MARGIN;
const TOP = HEIGHT - MARGIN - 20; // below the running header
const BOTTOM = MARGIN + 12; // above the page number
const hex = (h: number) => rgb(((h >> 16) & 255) / 255, ((h >> 8) & 255) / 255, (h & 255) / 255);
// The site's colours (src/layouts/global.css): brand-900, ink, slate-600, slate-200, brand-600.
const colors = {
  brand: hex(0x0b2f38),
  ink: hex(0x0f1c24),
  muted: hex(0x475569),
  rule: hex(0xe2e8f0),
  bar: hex(0x177080),
};

interface Style {
  bold?: boolean;
  size?: number;
  color?: keyof typeof colors;
  /** Space above, in points. */
  before?: number;
}

/**
 * Draws text down the pages, starting a new page wherever the next line would not fit. Also the writer of a
 * resource's PDF made from its article (scripts/lib/resource-pdf.ts, docs/decisions/0041-resource-downloads.md).
 */
export class Writer {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  private readonly doc: PDFDocument;
  private readonly fonts: { regular: PDFFont; bold: PDFFont };
  private readonly header: { left: string; right: string };
  constructor(doc: PDFDocument, fonts: Writer['fonts'], header: Writer['header']) {
    this.doc = doc;
    this.fonts = fonts;
    this.header = header;
    this.newPage();
  }

  private font = (style: Style) => (style.bold ? this.fonts.bold : this.fonts.regular);

  private newPage() {
    this.page = this.doc.addPage([WIDTH, HEIGHT]);
    this.pages.push(this.page);
    const size = 9;
    const top = HEIGHT - MARGIN + 4;
    const left = encodable(this.header.left, this.fonts.bold);
    this.page.drawText(left, { x: MARGIN, y: top, size, font: this.fonts.bold, color: colors.brand });
    const room = TEXT_WIDTH - this.fonts.bold.widthOfTextAtSize(left, size) - 24;
    const right = fitted(encodable(this.header.right, this.fonts.regular), this.fonts.regular, size, room);
    const width = this.fonts.regular.widthOfTextAtSize(right, size);
    this.page.drawText(right, {
      x: WIDTH - MARGIN - width,
      y: top,
      size,
      font: this.fonts.regular,
      color: colors.muted,
    });
    this.rule(top - 8);
    this.y = TOP;
  }

  private rule(y: number) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.75, color: colors.rule });
  }

  /** Moves to a new page unless `height` points still fit on this one. */
  room(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  /** One paragraph line by line; returns where its last line was drawn. */
  line(text: string, style: Style = {}): { x: number; y: number; width: number; size: number } {
    const [font, size] = [this.font(style), style.size ?? 10.5];
    let drawn = { x: MARGIN, y: this.y, width: 0, size };
    const lines = wrapText(encodable(text, font), font, size, TEXT_WIDTH);
    this.y -= style.before ?? 0;
    for (const line of lines) {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: colors[style.color ?? 'ink'] });
      drawn = { x: MARGIN, y: this.y, width: font.widthOfTextAtSize(line, size), size };
    }
    return drawn;
  }

  /** A heading kept on the same page as the first lines after it. */
  heading(text: string, style: Style) {
    this.room((style.before ?? 0) + 3 * (style.size ?? 10.5) * 1.4 + 40);
    this.line(text, { bold: true, color: 'brand', ...style });
  }

  /** An editor's text: its paragraphs, its line breaks kept. */
  text(text: string) {
    for (const lines of wording.paragraphs(text)) lines.forEach((l, i) => this.line(l, { before: i === 0 ? 6 : 0 }));
  }

  /** The score in words, with a bar of its value beside it. */
  score(value: number | null) {
    const meaning = wording.scoreMeaning(value);
    const at = this.line(`Score: ${wording.scoreText(value)}${meaning ? ` (${meaning})` : ''}`, {
      bold: true,
      before: 4,
    });
    if (value === null) return;
    const [x, width, height] = [at.x + at.width + 12, 120, 6];
    this.page.drawRectangle({ x, y: at.y, width, height, color: colors.rule });
    this.page.drawRectangle({ x, y: at.y, width: (width * value) / MAX_SCORE, height, color: colors.bar });
  }

  /** A line ending in a web address that opens when clicked. */
  link(label: string, url: string) {
    const at = this.line(`${label} ${url}`, { before: 6, color: 'brand' });
    const annotation = this.doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [at.x, at.y - 2, at.x + at.width, at.y + at.size],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    });
    this.page.node.addAnnot(this.doc.context.register(annotation));
  }

  space(points: number) {
    this.y -= points;
  }
}

/** `text` cut with an ellipsis to fit `width`. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text.length;
  while (cut > 0 && font.widthOfTextAtSize(`${text.slice(0, cut)}…`, size) > width) cut--;
  return `${text.slice(0, cut).trimEnd()}…`;
}

function area(w: Writer, a: DeliveredArea) {
  w.heading(a.title, { size: 12.5, color: 'ink', before: 16 });
  w.score(a.score);
  for (const part of wording.areaSections(a).filter((s) => wording.paragraphs(s.text).length)) {
    w.heading(part.heading, { size: 10.5, before: 8 });
    w.text(part.text);
  }
  if (a.package)
    w.line(`Recommended package: ${a.package.title}, ${wording.priceText(a.package)}`, { bold: true, before: 8 });
}

/** The PDF of a delivered report. */
export async function renderReportPdf(report: DeliveredReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const title = wording.reportTitle(report);
  const delivered = new Date(report.deliveredAt);
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(site.agencyName);
  doc.setCreator(site.agencyName);
  doc.setLanguage('en-US');
  doc.setCreationDate(delivered);
  doc.setModificationDate(delivered);

  const w = new Writer(doc, fonts, {
    left: site.agencyName,
    right: `${site.auditName} report · ${report.companyName}`,
  });
  w.line(`${site.auditName} report`, { bold: true, size: 22, color: 'brand' });
  w.line(report.companyName, { bold: true, size: 16, before: 4 });
  w.line(`Prepared by ${site.agencyName} for ${report.contactName} · Delivered ${wording.deliveredOn(report)}`, {
    color: 'muted',
    before: 4,
  });
  if (wording.paragraphs(report.summary).length) {
    w.heading('Summary', { size: 14, before: 20 });
    w.text(report.summary);
  }
  for (const group of wording.groupedAreas(report)) {
    w.heading(group.title, { size: 16, before: 24 });
    for (const a of group.areas) area(w, a);
  }
  w.heading('Suggested budget', { size: 14, before: 24 });
  const rows = wording.budgetRows(report.totals);
  if (!rows.length) w.line('This report recommends no package.', { before: 6 });
  for (const row of rows) w.line(`${row.label}: ${row.value}`, { before: 6 });
  w.heading('Next step', { size: 14, before: 24 });
  w.line(`Talk these findings through with ${site.agencyName} and agree where to start.`, { before: 6 });
  w.link(`${bookingLabels.strategyCall}:`, site.scheduling.strategyCall);

  numberPages(w.pages, fonts.regular);
  return doc.save();
}

/** "Page n of m" at the foot of each page. */
export function numberPages(pages: PDFPage[], font: PDFFont): void {
  pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    const width = font.widthOfTextAtSize(label, 8);
    page.drawText(label, { x: WIDTH - MARGIN - width, y: MARGIN - 16, size: 8, font, color: colors.muted });
  });
}
