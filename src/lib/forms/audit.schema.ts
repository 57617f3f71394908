/** What `POST /api/audits` accepts: the short form or the intake, told apart by `source`. */
import * as z from 'zod/mini';
import { intakeRequestSchema } from './intake.schema.ts';
import { shortAuditRequestSchema } from './short-audit.schema.ts';

export const auditRequestSchema = z.discriminatedUnion('source', [shortAuditRequestSchema, intakeRequestSchema]);

export type AuditRequest = z.output<typeof auditRequestSchema>;
