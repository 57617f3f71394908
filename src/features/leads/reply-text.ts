/**
 * The text of a received mail, in time linear in its length whatever anyone sends (docs/security.md, review of
 * issue 51): anyone can write to the reply domain, so no pattern here may backtrack over the whole text. HTML is
 * reduced to text by one scan (no regular expression over the markup); the new text of a reply is parted from
 * the quoted history line by line, each line tested by anchored patterns with at most one open-ended wildcard,
 * and only lines short enough to be a header are tested at all. What is parsed and what is stored are bounded.
 */

/** How much of a mail's text is parsed for its new text (the rest is quoted history or an attack). */
export const MAX_PARSED_CHARS = 64 * 1024;

/** How much of a mail's text is stored; a longer text is cut there and says so. */
export const MAX_STORED_CHARS = 100_000;

/** How much HTML is read at all (a mail's HTML part past this is cut before it is reduced to text). */
export const MAX_HTML_CHARS = 1024 * 1024;

/** The line that ends a stored text that was cut. */
export const cutNote = (length: number) =>
  `\n\n[The mail's text was ${length.toLocaleString('en-US')} characters long; only the first ${MAX_STORED_CHARS.toLocaleString('en-US')} are kept.]`;

/** The text as it is stored: at most MAX_STORED_CHARS, marked when cut. */
export function storedText(text: string): { text: string; cut: boolean } {
  if (text.length <= MAX_STORED_CHARS) return { text, cut: false };
  return { text: text.slice(0, MAX_STORED_CHARS) + cutNote(text.length), cut: true };
}

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** `&lt;`, `&#60;`, `&#x3c;` and the few named entities mail uses, in one pass (so `&amp;lt;` stays `&lt;`). */
function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Tags after which the text goes on on a new line. */
const BREAKS = new Set(['br', '/p', '/div', '/li', '/tr', '/h1', '/h2', '/h3', '/blockquote']);
/** Elements whose content is no text. */
const HIDDEN = new Set(['style', 'script', 'head', 'title']);

/**
 * The text of an HTML part, in one scan: each `<` is matched with the next `>` (a `<` with none after it is
 * text, and so is everything after it), the content of style, script and head elements is left out, and
 * block ends become line breaks.
 */
export function htmlToText(html: string): string {
  const source = html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html;
  const lower = source.toLowerCase();
  const out: string[] = [];
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('<', i);
    if (open < 0) {
      out.push(source.slice(i));
      break;
    }
    out.push(source.slice(i, open));
    const close = source.indexOf('>', open + 1);
    if (close < 0) {
      out.push(source.slice(open));
      break;
    }
    if (close === open + 1) {
      out.push('<>');
      i = close + 1;
      continue;
    }
    const name = /^\/?[a-z0-9]{1,10}/.exec(lower.slice(open + 1, Math.min(close, open + 12)))?.[0] ?? '';
    if (BREAKS.has(name)) out.push('\n');
    if (HIDDEN.has(name)) {
      const end = lower.indexOf(`</${name}`, close + 1);
      if (end < 0) break;
      const after = lower.indexOf('>', end);
      i = after < 0 ? source.length : after + 1;
      continue;
    }
    i = close + 1;
  }
  return decodeEntities(out.join(''));
}

/** The longest line that is tested as a quote header (one wrapped over two lines is joined first). */
const HEADER_LINE_MAX = 300;

/**
 * The lines that open the quoted history, as mail programs write them in the languages leads write in. Each is
 * anchored and has at most one open-ended wildcard, so a line costs time linear in its length.
 */
const QUOTE_HEADERS: RegExp[] = [
  // On <date>, <name> wrote: / Le … a écrit : / El … escribió: / Op … schreef …: / Am … schrieb …: and the like.
  // The line ends with the verb (a colon after it or not), or with a colon after the writer's name.
  /^-{0,12}\s?(on|le|el|il|em|op|am|den|dnia|w dniu|pe|in data)\s.*\s(wrote|a écrit|écrit|escribió|scritto|escreveu|schreef|schrieb|skrev|napisał\(a\)|napisał|pisze|kirjoitti)(\s?:?|\s.{1,200}:)\s?-{0,12}$/iu,
  // <name> <address> wrote: / schrieb: / schreef:
  /^\S.*\s<[^<>\s]+@[^<>\s]+>\s(wrote|schrieb|schreef|skrev|a écrit)\s?:$/iu,
  // Outlook's header block: From: <name> <address> (or the address alone), in five languages.
  /^(from|von|de|van|da)\s?:\s.*@/i,
  /^-{1,12}\s?(original message|oprindelig besked|message d'origine|ursprüngliche nachricht)\s?-{0,12}$/i,
  /^_{10,}$/,
  /^在.*写道[：:]$/u,
  /^20\d\d[./-].*(작성|のメッセージ)[：:]$/u,
];

/** The lines below which a mail's own signature or its program's footer begins. */
const SIGNATURE = [
  /^--\s?$/,
  /^__$/,
  /^(sent from|get outlook for|envoyé de|envoyé depuis|verzonden vanaf|verstuurd vanaf|gesendet von|enviado desde|sendt fra)\s/i,
  /^von meinem \S.* gesendet$/i,
];

const isQuoteHeader = (line: string) =>
  line.length <= HEADER_LINE_MAX * 2 && QUOTE_HEADERS.some((pattern) => pattern.test(line));

/**
 * The new text of a reply: its lines above the quoted history (a quote header, or the signature) with the
 * quoted lines (`>`) between them left out; the whole text when nothing is left. Only the first
 * MAX_PARSED_CHARS are read. Linear in the text's length.
 */
export function newTextOf(full: string): string {
  const text = (full.length > MAX_PARSED_CHARS ? full.slice(0, MAX_PARSED_CHARS) : full).replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const bare = line.trim();
    if (bare.startsWith('>')) continue;
    if (bare.length <= HEADER_LINE_MAX) {
      if (isQuoteHeader(bare)) break;
      const next = lines[i + 1]?.trim() ?? '';
      if (next && next.length <= HEADER_LINE_MAX && !next.startsWith('>') && isQuoteHeader(`${bare} ${next}`)) break;
      if (SIGNATURE.some((pattern) => pattern.test(line.trimEnd()))) break;
    }
    kept.push(line);
  }
  const visible = kept.join('\n').trim();
  return visible || text.trim();
}
