/** The brand tokens content files write instead of names (docs/decisions/0002-brand-values-in-one-module.md). */
import { site } from '../config/site.ts';

const tokens = { agencyName: site.agencyName, productName: site.productName, auditName: site.auditName };

/** Replaces `{agencyName}`, `{productName}` and `{auditName}` so content files name no brand. */
export const brand = (text: string): string =>
  text.replace(/\{(agencyName|productName|auditName)\}/g, (_, key: keyof typeof tokens) => tokens[key]);
