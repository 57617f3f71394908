/**
 * A document of an audit for staff to download (docs/decisions/0006-uploads-in-parts.md): only through this authenticated path, read
 * from the private Blobs store as a stream so a 10 MB file never sits whole in the function's memory.
 * Every download is recorded in the audit log before the first byte goes out: a download whose row cannot
 * be written is refused, so no document leaves unrecorded.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadDocuments, uploadedDocuments } from '../../db/schema.ts';
import { CONTENT_TYPES, extensionOf, isAcceptedExtension } from './contract.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { documentsStore } from './stores.ts';
import { notFound } from '../../server/errors.ts';
import { isUuid } from '../../server/ids.ts';

export interface DocumentDownload {
  body: ReadableStream<Uint8Array>;
  name: string;
  type: string;
  size: number;
}

/** An audit's uploaded document, or a document a lead mailed (docs/decisions/0040-mail-replies-and-delivery.md). */
async function documentRow(db: Db, id: string) {
  const [uploaded] = await db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, id));
  if (uploaded) return { ...uploaded, of: { submissionId: uploaded.auditSubmissionId } };
  const [mailed] = await db.select().from(leadDocuments).where(eq(leadDocuments.id, id));
  return mailed && { ...mailed, of: { leadId: mailed.leadId } };
}

/** The bytes, name, type and size of a stored document; 404 when its row or its blob is missing. */
export async function openDocument(db: Db, actor: AuditActor, id: string | undefined): Promise<DocumentDownload> {
  if (!isUuid(id)) throw notFound('document');
  const row = await documentRow(db, id);
  if (!row) throw notFound('document');
  const body = await documentsStore().get(row.filePath, { type: 'stream' });
  if (!body) throw notFound('document');
  try {
    await recordAudit(db, actor, 'document.download', { type: 'document', id }, { fileName: row.fileName, ...row.of });
  } catch (error) {
    await (body as ReadableStream<Uint8Array>).cancel().catch(() => {}); // nothing will read it now
    throw error;
  }
  // The server built the key's extension from the checked file, so it decides the type, not the user's name.
  const extension = extensionOf(row.filePath);
  const type = isAcceptedExtension(extension) ? CONTENT_TYPES[extension] : 'application/octet-stream';
  return { body: body as ReadableStream<Uint8Array>, name: row.fileName, type, size: row.fileSize };
}
