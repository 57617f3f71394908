/** Stores an audit request (short form or intake) and queues its two mails in one transaction. */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditSubmissions } from '../../db/schema.ts';
import type { AuditRequest } from '../../lib/forms/audit.schema.ts';
import { consent } from '../../lib/forms/consent.ts';
import { spamReason } from '../../lib/forms/spam.ts';
import { answerSections, intakeRow, shortAuditRow } from './audit-answers.ts';
import { claimSubmitKey } from '../../server/idempotency.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { auditMails } from '../../server/mail/templates.ts';
import type { AuditReply } from './contract.ts';
import { attachToLead } from './lead-link.ts';

/**
 * Issues the intake's upload token in the request's transaction: the uploads feature's `issueUploadToken`,
 * passed in by the function (a feature reaches another only through its contract). Null once the upload
 * window of the submission stored at `submittedAt` has closed.
 */
export type IssueUploadToken = (
  tx: Tx,
  submissionId: string,
  submittedAt: Date,
  now: Date,
) => Promise<{ token: string; expiresAt: string } | null>;

/**
 * Saves the request (flagged, not dropped, when it looks automated), queues the staff notification and
 * the confirmation (in the lead of its address, lead-link.ts), and for the intake issues the upload token. A repeated idempotency key writes no
 * second row or mail and answers with the first request's id, and a fresh token only within the upload window
 * of the first request (two hours after it was stored): a retried intake can still upload its documents, a
 * key replayed later cannot reopen the submission.
 */
export async function submitAudit(
  db: Db,
  input: AuditRequest,
  issueUploadToken: IssueUploadToken,
  now = new Date(),
): Promise<AuditReply> {
  const reason = spamReason(input);
  return db.transaction(async (tx) => {
    const { id, duplicate } = await claimSubmitKey(tx, 'audit', input.idempotencyKey);
    let uploads = input.source === 'intake' && !reason;
    let submittedAt = now;
    if (duplicate) {
      // A repeat is answered from what was stored, not from what the repeat carries.
      const [stored] = await tx
        .select({
          source: auditSubmissions.source,
          isSpam: auditSubmissions.isSpam,
          createdAt: auditSubmissions.createdAt,
        })
        .from(auditSubmissions)
        .where(eq(auditSubmissions.id, id));
      uploads = stored?.source === 'intake' && !stored.isSpam;
      if (stored) submittedAt = stored.createdAt;
    } else {
      const answers = input.source === 'intake' ? intakeRow(input) : shortAuditRow(input);
      const person = {
        email: answers.contactEmail!,
        name: answers.contactName!,
        company: answers.companyName!,
        phone: answers.contactPhone ?? '',
      };
      const leadId = await attachToLead(tx, person, now, reason !== null, {
        form: input.source,
        attribution: input.attribution,
      });
      const [row] = await tx
        .insert(auditSubmissions)
        .values({
          ...answers,
          id,
          leadId,
          source: input.source,
          contactName: answers.contactName!,
          contactEmail: answers.contactEmail!,
          companyName: answers.companyName!,
          consentVersion: consent.audit.version,
          consentedAt: now,
          isSpam: reason !== null,
          spamReason: reason,
          attribution: input.attribution ?? null,
        })
        .returning();
      // Staff review spam in the portal; nobody is mailed about it.
      if (!reason) {
        await enqueueMail(tx, `audit:${id}`, auditMails({ ...row!, sections: answerSections(row!) }), now);
      }
    }
    const issued = uploads ? await issueUploadToken(tx, id, submittedAt, now) : null;
    if (!issued) return { id };
    return { id, uploadToken: issued.token, uploadTokenExpiresAt: issued.expiresAt };
  });
}
