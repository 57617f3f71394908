/**
 * What the webhook's handlers share (docs/decisions/0040-mail-replies-and-delivery.md): the event and what the
 * endpoint passes in, and the notices to a lead's owner.
 */
import { and, eq, exists } from 'drizzle-orm';
import type { Resend } from 'resend';
import { site } from '../../config/site.ts';
import type { Db, Tx } from '../../db/client.ts';
import { userRoles, users, type Lead } from '../../db/schema.ts';
import { oneLine } from '../../lib/one-line.ts';
import { tableMail, type Mail } from '../../server/mail/templates.ts';
import type { AttachmentCheck, FetchedAttachment } from '../uploads/contract.ts';
import { leadUrl } from './alert-mail.ts';

/** An event as the SDK hands it back once verified. */
export interface ResendEvent {
  type: string;
  created_at?: string;
  data: Record<string, unknown>;
}

/** Where documents are written and deleted (the uploads feature's documents store, passed in by the function). */
export interface DocumentStore {
  write(key: string, bytes: Uint8Array, file: { fileName: string; fileType: string }): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What the endpoint needs beyond the database: the SDK's client, the documents' store, the clock. */
export interface WebhookDeps {
  resend: Resend;
  documents: DocumentStore;
  /** The intake's checks on a file (the uploads feature's `checkAttachment`). */
  checkFile: (file: FetchedAttachment) => AttachmentCheck;
  now?: Date;
  download?: typeof fetch;
}

export type WebhookOutcome = 'stored' | 'duplicate' | 'ignored';

/** A text field of an event, or ''. */
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The first lines of a text, for a notice (at most 300 characters). */
export const firstLines = (text: string): string => {
  const lines = text.trim().split(/\n/).slice(0, 4).join('\n');
  return lines.length > 300 ? `${lines.slice(0, 299)}…` : lines;
};

/**
 * A lead's owner while they are staff (hold a role), or null: every path that mails or names "the owner" asks
 * this, so an account removed from staff is never mailed a lead's data, whatever `leads.owner_id` still says.
 */
export async function workingOwner(
  tx: Tx | Db,
  ownerId: string | null,
): Promise<{ id: string; name: string; email: string } | null> {
  if (!ownerId) return null;
  const [owner] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, ownerId), exists(tx.select().from(userRoles).where(eq(userRoles.userId, users.id)))));
  return owner ?? null;
}

/** Who is told about a lead: its owner while they are staff, or the staff inbox. */
export async function ownerAddress(tx: Tx, lead: Pick<Lead, 'ownerId'>): Promise<string> {
  return (await workingOwner(tx, lead.ownerId))?.email ?? site.staffInbox;
}

/** The notice of a lead's reply to its owner: the text's first lines and the link. */
export function inboundNoticeMail(to: string, lead: Lead, subject: string, text: string): Mail {
  return tableMail(
    {
      kind: 'lead.inbound',
      to,
      subject: oneLine(`${lead.name || lead.email} replied: ${subject || '(no subject)'}`),
    },
    'A lead wrote back',
    `${lead.name || lead.email} answered by mail. The reply is on the lead's timeline, and the response clock runs again.`,
    [
      ['From', lead.email],
      ['Subject', subject],
      ['They wrote', firstLines(text)],
      ['Open the lead', leadUrl(lead.id)],
    ],
  );
}

/** The notice to a lead's owner that its address bounced or complained. */
export function deliveryNoticeMail(to: string, lead: Lead, what: 'bounced' | 'complained', reason: string): Mail {
  const heading = what === 'bounced' ? 'A lead’s address cannot be delivered to' : 'A lead marked our mail as spam';
  const intro =
    what === 'bounced'
      ? `Mail to ${lead.email} bounced for good: the address is marked undeliverable. Check it with the lead another way.`
      : `${lead.email} marked a mail from us as spam. No more mail goes to this address, but a reply a staff member confirms.`;
  return tableMail(
    { kind: `lead.${what}`, to, subject: oneLine(`${heading}: ${lead.name || lead.email}`) },
    heading,
    intro,
    [
      ['Lead', lead.name || lead.email],
      ['Reason', reason],
      ['Open the lead', leadUrl(lead.id)],
    ],
  );
}
