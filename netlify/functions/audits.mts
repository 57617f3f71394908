// POST /api/audits: both audit forms (the contact page's short form and the 5-step intake, told apart by
// `source`). 201 { id } when stored, with { uploadToken, uploadTokenExpiresAt } for the intake's
// documents (a repeated submit gets a token only within two hours of the first); 4xx { error } with the
// fields otherwise.
import type { Config } from '@netlify/functions';
import { auditRequestSchema } from '../../src/features/leads/contract.ts';
import { submitAudit } from '../../src/features/leads/audit-requests.ts';
import { formEndpoint } from '../../src/features/leads/public-form.ts';
import { issueUploadToken } from '../../src/features/uploads/tokens.ts';

export default formEndpoint({
  schema: auditRequestSchema,
  submit: (db, input, counted) => submitAudit(db, input, issueUploadToken, new Date(), counted),
  // Every intake answer at its longest stays below this.
  maxBytes: 128 * 1024,
  unavailableMessage: 'We could not save your audit request just now. Please try again in a minute.',
});

export const config: Config = { path: '/api/audits' };
