/** Stores an audit request (short form or intake) and queues its two mails in one statement (store-request.ts). */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditSubmissions, type AuditSubmission } from '../../db/schema.ts';
import type { AuditRequest } from '../../lib/forms/audit.schema.ts';
import { consent } from '../../lib/forms/consent.ts';
import { spamReason } from '../../lib/forms/spam.ts';
import { answerSections, intakeRow, shortAuditRow } from './audit-answers.ts';
import { auditMails } from '../../server/mail/templates.ts';
import type { CountedRequest } from '../../server/rate-limit.ts';
import type { AuditReply } from './contract.ts';
import { storeRequest } from './store-request.ts';

/**
 * Issues the intake's upload token once the request is stored: the uploads feature's `issueUploadToken`,
 * passed in by the function (a feature reaches another only through its contract). Null once the upload
 * window of the submission stored at `submittedAt` has closed.
 */
export type IssueUploadToken = (
  db: Tx | Db,
  submissionId: string,
  submittedAt: Date,
  now: Date,
) => Promise<{ token: string; expiresAt: string } | null>;

/**
 * Saves the request (flagged, not dropped, when it looks automated), queues the staff notification and
 * the confirmation (in the lead of its address, lead-link.ts), and for the intake issues the upload token. A repeated idempotency key writes no
 * second row or mail and answers with the first request's id, and a fresh token only within the upload window
 * of the first request (two hours after it was stored): a retried intake can still upload its documents, a
 * key replayed later cannot reopen the submission. `counted`, the client's rate limit, is counted by the same
 * statement (over it, it throws the 429 and writes nothing).
 */
export async function submitAudit(
  db: Db,
  input: AuditRequest,
  issueUploadToken: IssueUploadToken,
  now = new Date(),
  counted?: CountedRequest,
): Promise<AuditReply> {
  const reason = spamReason(input);
  const answers = input.source === 'intake' ? intakeRow(input) : shortAuditRow(input);
  const row = {
    ...answers,
    source: input.source,
    contactName: answers.contactName!,
    contactEmail: answers.contactEmail!,
    companyName: answers.companyName!,
    consentVersion: consent.audit.version,
    consentedAt: now,
    isSpam: reason !== null,
    spamReason: reason,
    attribution: input.attribution ?? null,
  };
  const { id, duplicate } = await storeRequest(
    db,
    {
      scope: 'audit',
      idempotencyKey: input.idempotencyKey,
      person: {
        email: row.contactEmail,
        name: row.contactName,
        company: row.companyName,
        phone: answers.contactPhone ?? '',
      },
      origin: { form: input.source, attribution: input.attribution },
      spam: reason !== null,
      table: auditSubmissions,
      row: () => row,
      // The answers as the form asked them: every column a section shows is one of `answers`.
      mails: (id) => auditMails({ ...row, id, sections: answerSections({ ...row, id } as AuditSubmission) }),
      counted,
    },
    now,
  );
  let uploads = input.source === 'intake' && !reason;
  let submittedAt = now;
  if (duplicate) {
    // A repeat is answered from what was stored, not from what the repeat carries.
    const [stored] = await db
      .select({
        source: auditSubmissions.source,
        isSpam: auditSubmissions.isSpam,
        createdAt: auditSubmissions.createdAt,
      })
      .from(auditSubmissions)
      .where(eq(auditSubmissions.id, id));
    uploads = stored?.source === 'intake' && !stored.isSpam;
    if (stored) submittedAt = stored.createdAt;
  }
  // Issued after the request is stored: should it fail, the retry (the same key) is answered with a token.
  const issued = uploads ? await issueUploadToken(db, id, submittedAt, now) : null;
  if (!issued) return { id };
  return { id, uploadToken: issued.token, uploadTokenExpiresAt: issued.expiresAt };
}
