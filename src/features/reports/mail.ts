/** The lead's mail when their audit report is delivered: the private link, how long it works, who to ask. */
import { site } from '../../config/site.ts';
import { REPORT_LINK_DAYS } from '../../lib/audit-report.ts';
import { plainValue, privateLink, tableMail, type Mail } from '../../server/mail/templates.ts';

export interface ReportMailData {
  to: string;
  contactName: string;
  companyName: string;
  link: string;
}

/** Names as the lead typed them, plain (no link-like words): the mail goes to the address they gave. */
export function reportDeliveredMail(m: ReportMailData): Mail {
  const company = plainValue(m.companyName, 80, 'your company');
  const name = plainValue(m.contactName, 60, 'there');
  const mail = tableMail(
    {
      kind: 'report.delivered',
      to: m.to,
      toLead: true,
      replyTo: site.email,
      subject: `Your ${site.auditName} report for ${company}`,
    },
    `Your ${site.auditName} report is ready`,
    `Hello ${name}, thank you for telling us about ${company}. Your personalised ${site.auditName} report is ready: it scores ten areas of your marketing and business development and says what we would do first. Open it at the private link below; you can also download it as a PDF there.`,
    [
      ['Your report', m.link],
      ['The link works for', `${REPORT_LINK_DAYS} days`],
    ],
    `The link is yours alone: please do not forward it. Questions, or ready to talk it through? Reply to this email or write to ${site.email}. — The ${site.agencyName} team`,
  );
  return privateLink(mail, m.link);
}
