/**
 * Exporting one person (docs/privacy.md): one ZIP with `person.json`, every row that names them (see
 * person.ts), and their documents byte for byte under `documents/`. The ZIP is streamed as it is built, one
 * document at a time, so a person with many documents never sits in memory whole. Each export is logged
 * (`lead.export`, with what it held) before the first byte goes out.
 */
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { cleanFileName } from '../../server/download.ts';
import { MAIL_BODY_DAYS, REQUEST_ANSWER_DAYS, RETENTION_MONTHS_DEFAULT } from './contract.ts';
import { findLead, personRows, type PersonRows } from './person.ts';

/** Reads a document's bytes from the documents store; null when the blob is missing. */
export type ReadDocument = (key: string) => Promise<Uint8Array | null>;

/** A path inside the ZIP for each document: `documents/<n>-<its name>`, unique, no folders of the sender's. */
function documentPaths(rows: PersonRows): Map<string, string> {
  return new Map(
    [...rows.documents, ...rows.mailedDocuments].map((d, i) => [
      d.id,
      `documents/${String(i + 1).padStart(2, '0')}-${cleanFileName(d.fileName) || 'document'}`,
    ]),
  );
}

/** The JSON of the export: what is stored, by table, with where each document sits in the ZIP. */
function personJson(rows: PersonRows, paths: Map<string, string | null>, actor: AuditActor, now: Date) {
  return {
    exportedAt: now.toISOString(),
    exportedBy: actor.email,
    about:
      'Everything the agency’s systems store about this person: their requests and messages (with the consent ' +
      'given), the files they asked for and when their links were opened, the calls they booked and what the ' +
      'scheduler (Calendly or Cal.com) said of them, documents (the files are beside this one), audit reports and their deliveries, mails, the mails ' +
      'they sent back and their attachments, the mail provider’s delivery events, staff notes and replies, the ' +
      'deal (its stage, value and history, and the closed deal once won or lost), and ' +
      'the staff actions about them.',
    policy: {
      keptForMonthsAfterLastContact: RETENTION_MONTHS_DEFAULT,
      mailBodiesKeptForDays: MAIL_BODY_DAYS,
      requestsAnsweredWithinDays: REQUEST_ANSWER_DAYS,
    },
    lead: rows.lead,
    contactMessages: rows.messages,
    auditRequests: rows.submissions,
    downloadRequests: rows.downloads,
    bookedCalls: rows.bookings,
    schedulerEvents: rows.bookingEvents,
    // null: the document's file was no longer in the store when the export was made.
    documents: rows.documents.map((d) => ({ ...d, fileInThisZip: paths.get(d.id) ?? null })),
    uploadsNotFinished: rows.uploads,
    reports: rows.reports,
    reportDeliveries: rows.deliveries,
    // The deal's stage, value and close date are on the lead; its history is the timeline's `stage` events.
    timeline: rows.events,
    closedDeals: rows.closedDeals,
    mails: rows.mails.map(({ sealed: _sealed, ...mail }) => mail),
    mailsReceived: rows.inbound,
    mailedDocuments: rows.mailedDocuments.map((d) => ({ ...d, fileInThisZip: paths.get(d.id) ?? null })),
    deliveryEvents: rows.deliveryEvents,
    submitKeys: rows.keys,
    staffActions: rows.actionLog,
  };
}

export interface PersonExport {
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

/** Logs the export of the lead of `id` and returns its ZIP as a stream. */
export async function exportPerson(
  db: Db,
  actor: AuditActor,
  id: string | undefined,
  readDocument: ReadDocument,
  now = new Date(),
): Promise<PersonExport> {
  const rows = await db.transaction(async (tx) => {
    const lead = await findLead(tx, id);
    const found = await personRows(tx, lead);
    await recordAudit(
      tx,
      actor,
      'lead.export',
      { type: 'lead', id: lead.id },
      {
        messages: found.messages.length,
        submissions: found.submissions.length,
        downloads: found.downloads.length,
        bookings: found.bookings.length,
        documents: found.documents.length,
        mails: found.mails.length,
        mailsReceived: found.inbound.length,
      },
    );
    return found;
  });
  const paths: Map<string, string | null> = documentPaths(rows);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      try {
        for (const doc of [...rows.documents, ...rows.mailedDocuments]) {
          const bytes = await readDocument(doc.filePath);
          if (!bytes) {
            paths.set(doc.id, null);
            continue;
          }
          // Stored as they are: the office formats and PDFs are compressed already.
          const file = new ZipPassThrough(paths.get(doc.id)!);
          zip.add(file);
          file.push(bytes, true);
        }
        // Written last, so it can say which files were missing.
        const person = new ZipDeflate('person.json', { level: 6 });
        zip.add(person);
        person.push(strToU8(JSON.stringify(personJson(rows, paths, actor, now), null, 2)), true);
        zip.end();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const safe = rows.lead.emailKey.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return { fileName: `person-${safe || rows.lead.id}-${now.toISOString().slice(0, 10)}.zip`, body };
}
