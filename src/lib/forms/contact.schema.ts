/** The contact form: one schema for the island (zodResolver) and the function (safeParse). */
import * as z from 'zod/mini';
import { consentField, emailField, LONG_TEXT_MAX, requiredText } from './fields.ts';
import { personName } from './person-name.schema.ts';
import { submitMeta } from './spam.ts';

export const contactFields = z.object({
  name: personName('Name is required'),
  email: emailField('Email is required'),
  company: requiredText('Company is required'),
  message: requiredText('Message is required', LONG_TEXT_MAX),
  subscribe: z._default(z.boolean(), false),
  consent: consentField('Please agree to the privacy policy to send your message'),
});

export const contactSchema = z.extend(contactFields, submitMeta.shape);

/** What the form holds while it is being filled in. */
export type ContactValues = z.input<typeof contactFields>;
export type ContactInput = z.infer<typeof contactSchema>;
