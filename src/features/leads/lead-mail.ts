/** The mails of working a lead (docs/decisions/0030-leads.md): a staff reply to the lead, and a new owner's notice. */
import { site } from '../../config/site.ts';
import { escapeHtml } from '../../lib/html.ts';
import { oneLine } from '../../lib/one-line.ts';
import type { Mail } from '../../server/mail/templates.ts';
import { tableMail } from '../../server/mail/templates.ts';
import { easternTime, leadUrl } from './alert-mail.ts';

/**
 * A reply written in the portal, as the staff member wrote it (plain text; the HTML part only keeps its
 * paragraphs and line breaks), signed with their name and the agency's; answers go to `replyTo`.
 */
export function leadReplyMail(reply: {
  to: string;
  replyTo: string;
  subject: string;
  body: string;
  signedBy: string;
}): Mail {
  const signature = [reply.signedBy, site.agencyName].filter(Boolean).join('\n');
  const text = `${reply.body}\n\n-- \n${signature}\n`;
  const paragraphs = reply.body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f1c24;line-height:1.5">
${paragraphs}
<p style="color:#475569">-- <br>${escapeHtml(signature).replace(/\n/g, '<br>')}</p></body></html>`;
  return {
    kind: 'lead.reply',
    to: reply.to,
    toLead: true,
    replyTo: reply.replyTo,
    subject: oneLine(reply.subject),
    text,
    html,
  };
}

/** The notice to a staff member that a lead is now theirs, with the link to it. */
export function leadAssignedMail(lead: {
  id: string;
  name: string;
  email: string;
  company: string;
  responseDueAt: Date | null;
  ownerEmail: string;
  assignedBy: string;
  /** The site's address for the link (mailOrigin). */
  origin?: string;
}): Mail {
  return tableMail(
    {
      kind: 'lead.assigned',
      to: lead.ownerEmail,
      replyTo: lead.email,
      subject: oneLine(`Lead assigned to you: ${lead.name || lead.email}${lead.company ? ` (${lead.company})` : ''}`),
    },
    'A lead is now yours',
    `${lead.assignedBy} assigned this lead to you. Open it in the portal to see its requests and answer it.`,
    [
      ['Name', lead.name],
      ['Email', lead.email],
      ['Company', lead.company],
      ['Response due', lead.responseDueAt ? easternTime(lead.responseDueAt) : 'answered, nothing waits'],
      ['Open the lead', leadUrl(lead.id, lead.origin)],
    ],
  );
}
