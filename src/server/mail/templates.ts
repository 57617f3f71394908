/** The mails the site sends, as plain text and simple HTML with every answer the reader needs. */
import { site } from '../../config/site.ts';

export interface Mail {
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A mail from a heading, an intro and label/value rows (empty values are left out). */
export function tableMail(
  base: Omit<Mail, 'text' | 'html'>,
  heading: string,
  intro: string,
  rows: [string, string][],
  outro = '',
): Mail {
  const filled = rows.filter(([, v]) => v.trim() !== '');
  const text = [heading, '', intro, '', ...filled.map(([k, v]) => `${k}: ${v}`), ...(outro ? ['', outro] : [])].join(
    '\n',
  );
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f1c24;line-height:1.5">
<h1 style="font-size:20px">${escape(heading)}</h1><p>${escape(intro)}</p>
<table cellpadding="6" style="border-collapse:collapse">${filled
    .map(
      ([k, v]) =>
        `<tr><th align="left" valign="top" style="background:#eef7f8">${escape(k)}</th><td>${escape(v).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('')}</table>${outro ? `<p>${escape(outro)}</p>` : ''}
<p style="color:#475569;font-size:12px">${escape(site.agencyName)} · ${escape(site.email)}</p></body></html>`;
  return { ...base, text, html };
}

export interface ContactMailData {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  subscribe: boolean;
}

/** The staff notification and the sender's confirmation of a contact message. */
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
        subject: `New contact message from ${m.name} (${m.company})`,
      },
      'New contact message',
      'A visitor sent a message through the contact form. Reply to this email to answer them directly.',
      rows,
    ),
    tableMail(
      {
        kind: 'contact.confirmation',
        to: m.email,
        replyTo: site.email,
        subject: `We received your message | ${site.agencyName}`,
      },
      `Thank you, ${m.name}`,
      `We received your message and our team typically responds within 24 hours (within 1 business day). Here is a copy of what you sent:`,
      rows.filter(([k]) => k !== 'Reference'),
      `Questions in the meantime? Write to ${site.email} or call ${site.phone}.`,
    ),
  ];
}
