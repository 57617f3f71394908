/** The mails the site sends, as plain text and simple HTML with every answer the reader needs. */
import { site } from '../../config/site.ts';
import { escapeHtml as escape } from '../../lib/html.ts';
import { oneLine } from '../../lib/one-line.ts';
import { SEALED_PLACEHOLDER } from './sealed.ts';
import { looksLikeUrl } from '../../lib/forms/person-name.schema.ts';

export interface Mail {
  kind: string;
  to: string;
  /** Written to a lead (a confirmation, a reply, a report): the outbox links it to the lead of its address. */
  toLead?: boolean;
  /**
   * Where answers go. A mail to a lead goes out with the lead's own reply address instead when MAIL_REPLY_DOMAIN
   * is set (outbox.ts): this one is the fallback.
   */
  replyTo?: string;
  /** A staff member confirmed sending it to an address that complained (a portal reply): not suppressed. */
  confirmed?: boolean;
  subject: string;
  text: string;
  html: string;
  /** The link the bodies show as SEALED_PLACEHOLDER (sealed.ts): kept encrypted until the mail is sent. */
  sealed?: string;
}

/** A titled group of label/value rows. */
export interface MailSection {
  title?: string;
  rows: [string, string][];
}

const row = ([k, v]: [string, string]) =>
  `<tr><th align="left" valign="top" style="background:#eef7f8;width:40%">${escape(k)}</th><td>${escape(v).replace(/\n/g, '<br>')}</td></tr>`;

/** A mail from a heading, an intro and sections of label/value rows (empty values are left out). */
export function sectionMail(
  base: Omit<Mail, 'text' | 'html'>,
  heading: string,
  intro: string,
  sections: MailSection[],
  outro = '',
): Mail {
  const filled = sections
    .map((s) => ({ ...s, rows: s.rows.filter(([, v]) => v.trim() !== '') }))
    .filter((s) => s.rows.length);
  const text = [
    heading,
    '',
    intro,
    ...filled.flatMap((s) => [
      '',
      ...(s.title ? [s.title.toUpperCase()] : []),
      ...s.rows.map(([k, v]) => `${k}: ${v}`),
    ]),
    ...(outro ? ['', outro] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f1c24;line-height:1.5">
<h1 style="font-size:20px">${escape(heading)}</h1><p>${escape(intro)}</p>
${filled
  .map(
    (s) =>
      `${s.title ? `<h2 style="font-size:16px;margin-top:20px">${escape(s.title)}</h2>` : ''}<table cellpadding="6" style="border-collapse:collapse;width:100%">${s.rows.map(row).join('')}</table>`,
  )
  .join('\n')}${outro ? `<p>${escape(outro)}</p>` : ''}
<p style="color:#475569;font-size:12px">${escape(site.agencyName)} · ${escape(site.email)}</p></body></html>`;
  return { ...base, text, html };
}

/** A mail from a heading, an intro and one table of label/value rows. */
export function tableMail(
  base: Omit<Mail, 'text' | 'html'>,
  heading: string,
  intro: string,
  rows: [string, string][],
  outro = '',
): Mail {
  return sectionMail(base, heading, intro, [{ rows }], outro);
}

export interface ContactMailData {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  subscribe: boolean;
}

// A confirmation goes to whatever address the visitor typed, from our sending domain: it holds none of
// their free text, or the site would relay anyone's message (links included) to anyone. Only the staff
// notification carries the answers. The greeting is generic: a typed name is free text too.

/** Longest company name a confirmation shows. */
const COMPANY_SHOWN_MAX = 60;

/** A word a mail client may show as a link or an address: `://`, `www.`, `@` or a dotted host name. */
const linkish = (word: string) => looksLikeUrl(word) || word.includes('@') || /[\p{L}\p{N}-]\.\p{L}{2,}/u.test(word);

/**
 * A typed value as a confirmation shows it: one line without invisible or control characters, without
 * link-like words, at most `max` characters; `fallback` when nothing is left.
 */
export function plainValue(value: string, max: number, fallback: string): string {
  const words = value
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word && !linkish(word));
  const chars = Array.from(words.join(' ')); // by code point, so no surrogate pair is cut in half
  const shown =
    chars.length > max
      ? `${chars
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : chars.join('');
  return shown || fallback;
}

/** The company a confirmation names: a short plain value of what was typed. */
const shownCompany = (company: string) => plainValue(company, COMPANY_SHOWN_MAX, 'your company');

/** The staff notification (every answer) and the sender's confirmation (the promise only) of a contact message. */
export function contactMails(m: ContactMailData): Mail[] {
  const rows: [string, string][] = [
    ['Name', m.name],
    ['Email', m.email],
    ['Company', m.company],
    ['Newsletter', m.subscribe ? 'Yes' : 'No'],
    ['Message', m.message],
    ['Reference', m.id],
  ];
  return [
    tableMail(
      {
        kind: 'contact.staff',
        to: site.staffInbox,
        replyTo: m.email,
        subject: oneLine(`New contact message from ${m.name} (${m.company})`),
      },
      'New contact message',
      'A visitor sent a message through the contact form. Reply to this email to answer them directly.',
      rows,
    ),
    tableMail(
      {
        kind: 'contact.confirmation',
        to: m.email,
        toLead: true,
        replyTo: site.email,
        subject: `We received your message | ${site.agencyName}`,
      },
      `Thank you for contacting ${site.agencyName}`,
      `Hello, we received your message and our team typically responds within 24 hours (within 1 business day).`,
      [['Company', shownCompany(m.company)]],
      `Questions in the meantime? Write to ${site.email} or call ${site.phone}.`,
    ),
  ];
}

export interface AuditMailData {
  id: string;
  source: 'contact_page' | 'intake';
  contactName: string;
  contactEmail: string;
  companyName: string;
  /** Every answer, grouped as the form asked them. */
  sections: MailSection[];
}

/** The staff notification (every answer) and the lead's confirmation (the promises only) of an audit request (docs/decisions/0007-mail-through-an-outbox.md). */
export function auditMails(a: AuditMailData): Mail[] {
  const form = a.source === 'intake' ? 'the 5-step intake' : 'the short form on the contact page';
  return [
    sectionMail(
      {
        kind: 'audit.staff',
        to: site.staffInbox,
        replyTo: a.contactEmail,
        subject: oneLine(`New ${site.auditName} request: ${a.companyName} (${a.contactName})`),
      },
      `New ${site.auditName} request`,
      `${a.contactName} of ${a.companyName} asked for an audit through ${form}. Review it within 24 hours; reply to this email to reach them directly. Reference: ${a.id}.`,
      a.sections,
    ),
    tableMail(
      {
        kind: 'audit.confirmation',
        to: a.contactEmail,
        toLead: true,
        replyTo: site.email,
        subject: `Your ${site.auditName} request | ${site.agencyName}`,
      },
      `Thank you for your ${site.auditName} request`,
      `Hello, we received your ${site.auditName} request. Our team reviews it within 24 hours, prepares your custom report, and delivers your personalized audit within 3 days (72 hours).`,
      [['Company', shownCompany(a.companyName)]],
      `Want to talk it through sooner? Book a strategy call: ${site.scheduling.strategyCall}, or write to ${site.email}.`,
    ),
  ];
}

/** Makes the first plain-text occurrence of `url` in a mail's HTML a link, so a reader can click it. */
export function linkify(mail: Mail, url: string): Mail {
  const shown = escape(url);
  return { ...mail, html: mail.html.replace(shown, `<a href="${shown}">${shown}</a>`) };
}

/**
 * A mail carrying a bearer link (a report's, an account's): clickable like {@link linkify}, but stored with
 * the placeholder of sealed.ts in its place and the link itself sealed, so the outbox never holds it in clear.
 */
export function privateLink(mail: Mail, url: string): Mail {
  const linked = linkify(mail, url);
  return {
    ...linked,
    text: linked.text.replaceAll(url, SEALED_PLACEHOLDER),
    html: linked.html.replaceAll(escape(url), escape(SEALED_PLACEHOLDER)),
    sealed: url,
  };
}

export interface AccountMailData {
  to: string;
  /** Not shown: whoever signs up types it, and these mails go to a typed address (see plainValue). */
  name?: string;
  /** The link the reader follows. */
  url: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

const validFor = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;

/** Asks a new staff account to confirm its email address before its first sign-in. */
export function verificationMail(m: AccountMailData): Mail {
  const mail = tableMail(
    {
      kind: 'auth.verify',
      to: m.to,
      replyTo: site.email,
      subject: `Confirm your email for the ${site.agencyName} portal`,
    },
    'Confirm your email',
    `An account for the ${site.agencyName} staff portal was created with this address. Open the link below to confirm it and choose your password; then you can sign in.`,
    [
      ['Confirm and choose your password', m.url],
      ['The link works for', validFor(m.validMinutes)],
    ],
    `Did not create this account? Ignore this email: nobody can sign in with it unless you open the link and choose a password. Questions? Write to ${site.email}.`,
  );
  return privateLink(mail, m.url);
}

/** Sends the link that lets a staff member choose a new password. */
export function passwordResetMail(m: AccountMailData): Mail {
  const mail = tableMail(
    {
      kind: 'auth.reset',
      to: m.to,
      replyTo: site.email,
      subject: `Reset your ${site.agencyName} portal password`,
    },
    'Reset your password',
    `Someone asked to reset the password of your ${site.agencyName} staff portal account. Open the link below to choose a new one; your other sessions are signed out when you do.`,
    [
      ['Choose a new password', m.url],
      ['The link works for', validFor(m.validMinutes)],
    ],
    `Did not ask for this? Ignore this email: your password stays as it is. Questions? Write to ${site.email}.`,
  );
  return privateLink(mail, m.url);
}
