/**
 * One line of typed text, for a mail's subject or a Slack message made from what a visitor or a staff member
 * typed: every control and invisible format character (CR, LF, tab, NUL, zero-width, bidi marks; Unicode's Cc and
 * Cf) becomes a space, any run of white space (also U+2028/U+2029) one space, and the ends are trimmed. So a name
 * like `Ada\r\nBcc: x@example.com` can never start a header line of its own (docs/security.md, review item 7).
 */
export const oneLine = (text: string): string =>
  text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
