/** The contact form: one schema for the island (zodResolver) and the function (safeParse). */
import { z } from 'zod';
import { submitMeta } from './spam.ts';

const required = (message: string, max = 200) =>
  z.string().trim().min(1, message).max(max, `Keep it under ${max} characters`);

export const contactFields = z.object({
  name: required('Name is required'),
  email: z.string().trim().pipe(z.email('Enter a valid email address')),
  company: required('Company is required'),
  message: required('Message is required', 5000),
  subscribe: z.boolean().default(false),
  consent: z.literal(true, 'Please agree to the privacy policy to send your message'),
});

export const contactSchema = contactFields.extend(submitMeta.shape);

export type ContactInput = z.infer<typeof contactSchema>;
