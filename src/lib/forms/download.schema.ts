/**
 * A resource's download form (docs/decisions/0041-resource-downloads.md): one schema for the island (zodResolver)
 * and the function (safeParse), and the limits of the private link the mail carries, which the page states.
 */
import * as z from 'zod/mini';
import { SLUG_PATTERN } from '../slugify.ts';
import { consentField, emailField, optionalText, requiredText } from './fields.ts';
import { personName } from './person-name.schema.ts';
import { submitMeta } from './spam.ts';

/** How long the mailed link works, and how many times it opens the file. */
export const DOWNLOAD_LINK = { days: 7, opens: 5 } as const;

export const downloadFields = z.object({
  name: personName('Name is required'),
  email: emailField('Email is required'),
  company: optionalText(),
  consent: consentField('Please agree to the privacy policy to receive the file'),
});

export const downloadSchema = z.extend(downloadFields, {
  ...submitMeta.shape,
  /** The resource asked for: its file name in content/resources (its page /resources/<resource>). */
  resource: requiredText('Choose a resource', 100).check(z.regex(SLUG_PATTERN, 'Choose a resource of this site')),
});

/** What the form holds while it is being filled in. */
export type DownloadValues = z.input<typeof downloadFields>;
export type DownloadInput = z.infer<typeof downloadSchema>;

/** What the page says of the link, beside the form. */
export const downloadLinkText = `We mail you a private link to the file: it works for ${DOWNLOAD_LINK.days} days and opens it ${DOWNLOAD_LINK.opens} times.`;

/** A lead's timeline entry of a resource asked for (src/features/leads/contract.ts), with the visit's campaign. */
export interface DownloadAsked {
  resource: string;
  title: string;
  campaign: string | null;
  /** The first touch's source of the visit that asked (src/lib/lead-source.ts). */
  source: string | null;
  isSpam: boolean;
}

/** The timeline entry of a download link's first opening, and how many times it has opened since. */
export interface DownloadOpened {
  resource: string;
  title: string;
  opens: number;
}
