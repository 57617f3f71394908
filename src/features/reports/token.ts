/** The private link of a delivered report (`/report/{token}`): a bearer secret of secret-tokens.ts. */
import { hashSecret, newSecret } from '../../server/secret-tokens.ts';

/** A token has exactly this form; anything else is refused before the database is asked. */
export const REPORT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new token and the hash to store for it. */
export const newReportToken = newSecret;

/** The stored form of a token. */
export const hashReportToken = hashSecret;

/** The lead's link to a delivery. */
export const reportLink = (siteUrl: string, token: string): string => new URL(`/report/${token}`, siteUrl).href;
