/**
 * One lead as its page shows it (docs/decisions/0030-leads.md): the lead, its requests with their answers'
 * summaries, and its timeline, assembled when read from where each fact lives: the requests, their status
 * changes (the staff action log), the lead's events, the mails addressed to it, its reports' first openings and the
 * files it asked for with their links' first openings.
 */
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  auditReportDeliveries,
  auditSubmissions,
  contactMessages,
  downloadRequests,
  inboundMessages,
  leadEvents,
  leads,
  mailOutbox,
} from '../../db/schema.ts';
import { submissionClock } from '../../lib/audit-report.ts';
import { leadSource } from '../../lib/lead-source.ts';
import { bookingTimeline } from './booking-derive.ts';
import { leadBookingEvents } from './bookings.ts';
import {
  NOTE_DELETE_MINUTES,
  type LeadDetail,
  type LeadRequest,
  type StaffName,
  type TimelineEntry,
  type TimelineMail,
} from './contract.ts';
import { replyAddress } from './lead-work.ts';
import { leadItem } from './leads.ts';
import { submissionListColumns } from './submissions.ts';

const m = contactMessages;
const s = auditSubmissions;

const mailColumns = {
  id: mailOutbox.id,
  mailKind: mailOutbox.kind,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  sentAt: mailOutbox.sentAt,
  lastError: mailOutbox.lastError,
  delivery: mailOutbox.delivery,
  deliveryDetail: mailOutbox.deliveryDetail,
  deliveryAt: mailOutbox.deliveryAt,
  createdAt: mailOutbox.createdAt,
};

/** A mail of the lead as the timeline shows it: what it was, and what became of it. */
const shownMail = ({
  mailKind,
  subject,
  status,
  sentAt,
  lastError,
  delivery = null,
  deliveryDetail = null,
  deliveryAt = null,
}: TimelineMail): TimelineMail => ({
  mailKind,
  subject,
  status,
  sentAt,
  lastError,
  delivery,
  deliveryDetail,
  deliveryAt,
});

type TimelineStage = Extract<TimelineEntry, { kind: 'stage' }>;

const staffName = (id: unknown, name: unknown, email: unknown): StaffName | null =>
  typeof id === 'string'
    ? { id, name: typeof name === 'string' ? name : '', email: typeof email === 'string' ? email : '' }
    : null;

/** Order of entries at the same moment: a request before what followed from it. */
const kindOrder: Record<TimelineEntry['kind'], number> = {
  message: 0,
  audit: 0,
  mail: 1,
  status: 2,
  owner: 3,
  note: 4,
  reply: 5,
  elsewhere: 5,
  details: 5,
  stage: 5,
  report: 6,
  inbound: 7,
  download: 0,
  'download-opened': 6,
  booking: 0,
};

/** One lead: the lead, its requests newest first, and its whole timeline oldest first. */
export async function getLead(db: Db, id: string | undefined, now = new Date()): Promise<LeadDetail> {
  const lead = await leadItem(db, id, now);
  const leadId = lead.id;
  const [messages, submissions, events, mails, inbound, downloads, calls, replyTo] = await Promise.all([
    db.select().from(m).where(eq(m.leadId, leadId)).orderBy(desc(m.createdAt), desc(m.id)),
    db.select(submissionListColumns).from(s).where(eq(s.leadId, leadId)).orderBy(desc(s.createdAt), desc(s.id)),
    db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(asc(leadEvents.at), asc(leadEvents.id)),
    db.select(mailColumns).from(mailOutbox).where(eq(mailOutbox.leadId, leadId)),
    db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.leadId, leadId))
      .orderBy(asc(inboundMessages.receivedAt)),
    db.select().from(downloadRequests).where(eq(downloadRequests.leadId, leadId)),
    leadBookingEvents(db, leadId),
    db
      .select({ replyToken: leads.replyToken, ownerId: leads.ownerId })
      .from(leads)
      .where(eq(leads.id, leadId))
      .then(([row]) => replyAddress(db, row ?? { replyToken: '', ownerId: null })),
  ]);
  const requestIds = [...messages.map((x) => x.id), ...submissions.map((x) => x.id)];
  const submissionIds = submissions.map((x) => x.id);
  const [statuses, openings] = await Promise.all([
    requestIds.length
      ? db
          .select()
          .from(auditLog)
          .where(
            and(
              inArray(auditLog.targetId, requestIds),
              inArray(auditLog.action, ['submission.status', 'message.status']),
            ),
          )
      : [],
    submissionIds.length
      ? db
          .select({
            id: auditReportDeliveries.id,
            submissionId: auditReportDeliveries.submissionId,
            version: auditReportDeliveries.version,
            firstOpenedAt: auditReportDeliveries.firstOpenedAt,
          })
          .from(auditReportDeliveries)
          .where(
            and(
              inArray(auditReportDeliveries.submissionId, submissionIds),
              isNotNull(auditReportDeliveries.firstOpenedAt),
            ),
          )
      : [],
  ]);

  const requests: LeadRequest[] = [
    ...messages.map((x) => ({ kind: 'message' as const, ...x })),
    ...submissions.map((x) => ({ kind: 'audit' as const, ...x, ...submissionClock(x.createdAt, x.status, now) })),
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

  // A reply's mail is the lead's (addressed to it), so it is among `mails`: shown in the reply, not twice.
  const mailById = new Map(mails.map((x) => [x.id, x]));
  const replyMails = new Set(events.map((e) => e.mailId).filter(Boolean));
  const timeline: TimelineEntry[] = [
    ...messages.map((x): TimelineEntry => ({
      kind: 'message',
      at: x.createdAt,
      id: x.id,
      message: x.message,
      status: x.status,
      isSpam: x.isSpam,
    })),
    ...submissions.map((x): TimelineEntry => ({
      kind: 'audit',
      at: x.createdAt,
      id: x.id,
      source: x.source,
      companyName: x.companyName,
      status: x.status,
      isSpam: x.isSpam,
    })),
    ...statuses.map((x): TimelineEntry => ({
      kind: 'status',
      at: x.at,
      id: x.id,
      target: x.targetType === 'message' ? 'message' : 'submission',
      targetId: x.targetId,
      from: String(x.detail.from ?? ''),
      to: String(x.detail.to ?? ''),
      actorEmail: x.actorEmail,
      via: typeof x.detail.via === 'string' ? x.detail.via : null,
    })),
    ...events.map((e): TimelineEntry => {
      const mail = e.mailId ? mailById.get(e.mailId) : undefined;
      const base = { at: e.at, id: e.id };
      switch (e.kind) {
        case 'note':
          return {
            kind: 'note',
            ...base,
            body: e.body,
            authorId: e.actorId,
            authorEmail: e.actorEmail,
            deletableUntil: new Date(e.at.getTime() + NOTE_DELETE_MINUTES * 60_000),
          };
        case 'owner':
          return {
            kind: 'owner',
            ...base,
            from: staffName(e.detail.from, e.detail.fromName, e.detail.fromEmail),
            to: staffName(e.detail.to, e.detail.toName, e.detail.toEmail),
            actorEmail: e.actorEmail,
            removedFromStaff: e.detail.reason === 'removed',
          };
        case 'reply':
          return {
            kind: 'reply',
            ...base,
            subject: e.subject,
            body: e.body,
            actorEmail: e.actorEmail,
            replyTo: String(e.detail.replyTo ?? ''),
            mail: mail ? shownMail(mail) : null,
          };
        case 'elsewhere':
          return { kind: 'elsewhere', ...base, body: e.body, actorEmail: e.actorEmail };
        case 'details':
          return {
            kind: 'details',
            ...base,
            changes: Array.isArray(e.detail.changes)
              ? (e.detail.changes as { field: string; from: string; to: string }[])
              : [],
            actorEmail: e.actorEmail,
          };
        case 'stage':
          return {
            kind: 'stage',
            ...base,
            from: e.detail.from as TimelineStage['from'],
            to: e.detail.to as TimelineStage['to'],
            fromValue: typeof e.detail.fromValue === 'number' ? e.detail.fromValue : null,
            value: typeof e.detail.value === 'number' ? e.detail.value : null,
            expectedCloseOn: typeof e.detail.expectedCloseOn === 'string' ? e.detail.expectedCloseOn : null,
            lostReason: (e.detail.lostReason ?? null) as TimelineStage['lostReason'],
            lostNote: e.body,
            actorEmail: e.actorEmail,
          };
      }
    }),
    ...mails
      .filter((x) => !replyMails.has(x.id))
      .map((x): TimelineEntry => ({ kind: 'mail', at: x.createdAt, id: x.id, ...shownMail(x) })),
    ...openings.map((x): TimelineEntry => ({
      kind: 'report',
      at: x.firstOpenedAt!,
      id: x.id,
      submissionId: x.submissionId,
      version: x.version,
    })),
    ...inbound.map((x): TimelineEntry => ({
      kind: 'inbound',
      at: x.receivedAt,
      id: x.id,
      status: x.status === 'other_sender' ? 'other_sender' : 'attached',
      from: x.fromAddress,
      subject: x.subject,
      newText: x.newText,
      fullText: x.fullText,
      senderCheck: x.senderCheck,
      attachments: x.attachments,
    })),
    // docs/decisions/0041-resource-downloads.md: each file asked for, with its visit's campaign, and its first opening.
    ...downloads.flatMap((x): TimelineEntry[] => [
      {
        kind: 'download',
        at: x.createdAt,
        id: x.id,
        resource: x.resource,
        title: x.resourceTitle,
        campaign: x.attribution?.utmCampaign ?? null,
        source: x.attribution ? leadSource(x.attribution) : null,
        isSpam: x.isSpam,
      },
      ...(x.firstOpenedAt
        ? [
            {
              kind: 'download-opened' as const,
              at: x.firstOpenedAt,
              id: x.id,
              resource: x.resource,
              title: x.resourceTitle,
              opens: x.opens,
            },
          ]
        : []),
    ]),
    // docs/decisions/0046-bookings-from-the-schedulers.md: each call booked, moved, cancelled, missed or held.
    ...bookingTimeline(calls),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || kindOrder[a.kind] - kindOrder[b.kind]);

  return { lead, requests, timeline, replyTo };
}
