/**
 * The portal's people forms, one schema each for the island and the function: an admin's re-entered password and
 * authenticator code before resetting a colleague's two-factor sign-in, and a lead's details as staff correct them
 * (docs/decisions/0042-agency-runs-it-alone.md). No server imports: the island bundles this.
 */
import * as z from 'zod/mini';
import { normalTotp } from './account.schema.ts';
import { optionalText } from './fields.ts';
import { personName } from './person-name.schema.ts';

/** The admin's own password, and their code when their two-factor sign-in is on (the server says when it is). */
export const confirmIdentitySchema = z.object({
  password: z.string().check(z.minLength(1, 'Enter your password.')),
  code: z._default(
    z
      .pipe(z.string(), z.transform(normalTotp))
      .check(z.refine((v) => v === '' || /^\d{6}$/.test(v), 'Enter the 6 digits your authenticator app shows.')),
    '',
  ),
});
export type ConfirmIdentityValues = z.input<typeof confirmIdentitySchema>;

/** A phone number as people write it: digits, spaces, + ( ) . - and an extension. */
const PHONE = /^[+(]?[0-9][0-9 ().-]{3,30}(\s*(x|ext\.?)\s*\d{1,6})?$/i;

/** A lead's name, company and phone as staff correct them (`PUT /api/admin/leads/:id/details`). */
export const leadDetailsSchema = z.object({
  name: personName('Enter the person’s name.'),
  company: optionalText(200),
  phone: optionalText(40).check(
    z.refine((v) => v === '' || PHONE.test(v), 'Enter a phone number: digits, spaces and + ( ) . - only.'),
  ),
});
export type LeadDetailsValues = z.input<typeof leadDetailsSchema>;
