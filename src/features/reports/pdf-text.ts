/**
 * Text for a PDF drawn in the standard fonts (Helvetica): they encode WinAnsi only (Latin letters and the
 * usual punctuation), and pdf-lib throws on anything else. What they cannot encode is replaced by the
 * nearest plain form (≥ → >=, ő → o) or a `?` (CJK, emoji), so an editor's text never breaks the download.
 */
import type { PDFFont } from 'pdf-lib';

/** Signs with a plain spelling; the rest fall back to their letter without accent, or `?`. */
const plain: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '≈': '~',
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '↑': 'up',
  '↓': 'down',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '′': "'",
  '″': '"',
  '\t': '    ',
};
/** Zero-width spaces and joiners, the byte-order mark and emoji variation selectors: nothing to draw. */
const invisible = (cp: number) =>
  (cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff || (cp >= 0xfe00 && cp <= 0xfe0f);
const spaces = /[\u2000-\u200a\u202f\u205f\u3000]/;

const supportedSets = new WeakMap<PDFFont, Set<number>>();
const supported = (font: PDFFont) => {
  let set = supportedSets.get(font);
  if (!set) supportedSets.set(font, (set = new Set(font.getCharacterSet())));
  return set;
};

/** `text` as `font` can draw it (one line: line breaks are the caller's). */
export function encodable(text: string, font: PDFFont): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text; // printable ASCII: all of it is in WinAnsi
  const set = supported(font);
  const fits = (s: string) => s !== '' && [...s].every((c) => set.has(c.codePointAt(0)!));
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (set.has(cp)) out += ch;
    else if (invisible(cp)) continue;
    else if (spaces.test(ch)) out += ' ';
    else {
      const near = plain[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += fits(near) ? near : '?';
    }
  }
  return out;
}

/** The lines of `text` (one line, already encodable) that fit `width` at `size`; a word too long is cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const measure = (s: string) => font.widthOfTextAtSize(s, size);
  // Widths add up word by word (each word measured once), so a long text wraps in linear time.
  const space = measure(' ');
  const lines: string[] = [];
  let [line, used] = ['', 0];
  for (let word of text.split(/ +/).filter(Boolean)) {
    let wide = measure(word);
    if (line && used + space + wide <= width) {
      [line, used] = [`${line} ${word}`, used + space + wide];
      continue;
    }
    if (line) lines.push(line);
    // A web address or a run of letters wider than the line: cut it where the line is full.
    while (wide > width) {
      let [cut, over] = [1, word.length]; // the longest start that fits, by halving
      while (over - cut > 1) {
        const mid = (cut + over) >> 1;
        if (measure(word.slice(0, mid)) <= width) cut = mid;
        else over = mid;
      }
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
      wide = measure(word);
    }
    [line, used] = [word, wide];
  }
  if (line) lines.push(line);
  return lines;
}
