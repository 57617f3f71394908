// POST /api/contact: the contact form. 201 { id } when stored; 4xx { error } with the fields otherwise.
import type { Config } from '@netlify/functions';
import { contactSchema } from '../../src/features/leads/contract.ts';
import { submitContactMessage } from '../../src/features/leads/contact-messages.ts';
import { formEndpoint } from '../../src/features/leads/public-form.ts';

export default formEndpoint({
  schema: contactSchema,
  submit: async (db, input, counted) => ({ id: (await submitContactMessage(db, input, new Date(), counted)).id }),
  unavailableMessage: 'We could not save your message just now. Please try again in a minute.',
});

export const config: Config = { path: '/api/contact' };
