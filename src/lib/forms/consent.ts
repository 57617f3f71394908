/**
 * The consent wording of each public form (docs/decisions/0004-consent-on-every-public-form.md). The version is stored with the record; change
 * the version whenever the wording changes.
 */
export const consent = {
  contact: {
    version: 'contact-2026-11',
    text: 'I agree that my information is used to answer my enquiry; see the privacy policy.',
  },
  download: {
    version: 'download-2026-11',
    text: 'I agree that my information is used to mail me this file and to follow up on it; see the privacy policy.',
  },
  audit: {
    version: 'audit-2026-11',
    text: 'I agree that my information is used to prepare my audit; see the privacy policy.',
  },
} as const;
