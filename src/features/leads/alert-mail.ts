/**
 * The alerts of a lead's response clock (alerts.ts): the mail to whoever should answer, and the Slack post,
 * in the style of src/server/mail/templates.ts. Both name the lead, when its response is or was due in the
 * agency's time zone, its owner, and link to the lead's page in the portal; the mail's Reply-To is the lead.
 */
import { site } from '../../config/site.ts';
import { oneLine } from '../../lib/one-line.ts';
import { linkify, tableMail, type Mail } from '../../server/mail/templates.ts';
import { slackEscape, type SlackPost } from '../../server/mail/slack.ts';

/** The two alerts of one wait: its response is due within hours, or its response time has passed. */
export type AlertStage = 'due-soon' | 'overdue';

/** What an alert says of its lead. */
export interface AlertLead {
  id: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  awaitingSince: Date;
  responseDueAt: Date;
  owner: { name: string; email: string } | null;
}

/** The lead's page in the portal, on `origin` (mailOrigin: a staff request's own, else the site's address). */
export const leadUrl = (id: string, origin: string = site.url): string =>
  `${origin}/admin?lead=${encodeURIComponent(id)}`;

const eastern = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** `Mon 30 Nov, 5:00 PM ET`: a moment in the agency's time zone (America/New_York), as the alerts name it. */
export function easternTime(date: Date): string {
  const part = Object.fromEntries(eastern.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.weekday} ${part.day} ${part.month}, ${part.hour}:${part.minute} ${part.dayPeriod} ET`;
}

/** `3 h 20 min`, `45 min`: a span, rounded down to the minute. */
export function span(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours ? `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}` : `${minutes} min`;
}

/** `Ada Lovelace (Acme)`, or the address when no name was given. */
const who = (lead: AlertLead) => {
  const name = oneLine(lead.name) || lead.email;
  const company = oneLine(lead.company);
  return company ? `${name} (${company})` : name;
};

const ownerText = (lead: AlertLead) => (lead.owner ? `${lead.owner.name} (${lead.owner.email})` : 'Nobody yet');

const HOW_TO_ANSWER =
  'Reply from the lead’s page (link above), so the portal sees the response. Replying to this email reaches the lead directly, but the portal does not see it: then mark the lead answered elsewhere.';

/**
 * The alert mail of `stage`: due soon to the owner (the staff inbox while nobody owns the lead), overdue to the
 * staff inbox. `now` says how long is left.
 */
export function leadAlertMail(stage: AlertStage, lead: AlertLead, now: Date): Mail {
  const due = easternTime(lead.responseDueAt);
  const url = leadUrl(lead.id);
  const rows: [string, string][] = [
    ['Lead', oneLine(lead.name)],
    ['Company', oneLine(lead.company)],
    ['Email', lead.email],
    ['Phone', lead.phone],
    ['Waiting since', easternTime(lead.awaitingSince)],
    [stage === 'overdue' ? 'Response was due' : 'Response due', due],
    ['Owner', ownerText(lead)],
    ['Open the lead', url],
  ];
  const mail =
    stage === 'due-soon'
      ? tableMail(
          {
            kind: 'lead.due-soon',
            to: lead.owner?.email ?? site.staffInbox,
            replyTo: lead.email,
            subject: `Response due ${due}: ${oneLine(who(lead))}`,
          },
          'A lead’s response is due soon',
          `${who(lead)} is waiting for our response, due ${due} (in ${span(lead.responseDueAt.getTime() - now.getTime())}). ${
            lead.owner
              ? 'You own the lead.'
              : 'Nobody owns the lead yet: take it, or give it to someone, in the portal.'
          }`,
          rows,
          HOW_TO_ANSWER,
        )
      : tableMail(
          {
            kind: 'lead.overdue',
            to: site.staffInbox,
            replyTo: lead.email,
            subject: `Overdue since ${due}: ${oneLine(who(lead))}`,
          },
          'A lead’s response is overdue',
          `${who(lead)} has been waiting since ${easternTime(lead.awaitingSince)}; our response was due ${due}, ${span(
            now.getTime() - lead.responseDueAt.getTime(),
          )} ago. ${lead.owner ? `${lead.owner.name} owns the lead.` : 'Nobody owns the lead.'}`,
          rows,
          HOW_TO_ANSWER,
        );
  return linkify(mail, url);
}

/** The Slack post of an alert: one paragraph naming the lead, the due time and the owner, with the lead's link. */
export function leadAlertSlack(stage: AlertStage, lead: AlertLead): SlackPost {
  const due = easternTime(lead.responseDueAt);
  const person = slackEscape(`${who(lead)}, ${lead.email}`);
  const owner = lead.owner ? `owner: ${slackEscape(oneLine(lead.owner.name))}` : 'no owner yet';
  const link = `<${leadUrl(lead.id)}|Open the lead>`;
  return stage === 'due-soon'
    ? {
        kind: 'slack.lead-due-soon',
        subject: `Slack: response due ${due}: ${oneLine(who(lead))}`,
        text: `:hourglass_flowing_sand: Response due ${due} for ${person} (${owner}). ${link}`,
      }
    : {
        kind: 'slack.lead-overdue',
        subject: `Slack: overdue since ${due}: ${oneLine(who(lead))}`,
        text: `:rotating_light: Overdue: our response to ${person} was due ${due} (${owner}). ${link}`,
      };
}
