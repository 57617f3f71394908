/** How the portal writes a deal: its stage's label, a value in whole US dollars, a lost deal's reason. */
import { lostReasonLabels, stageLabels, type LeadStage, type LostReason } from '../../../lib/statuses.ts';

export { lostReasonLabels, stageLabels };

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** `$12,500`, or `No value` when none was set. */
export const usd = (value: number | null | undefined): string => (value == null ? 'No value' : dollars.format(value));

/** `Lost: Chose another agency (their note)`. */
export const lostLabel = (reason: LostReason | null, note: string): string =>
  reason ? `${lostReasonLabels[reason]}${note ? ` (${note})` : ''}` : '';

export const stageLabel = (stage: LeadStage): string => stageLabels[stage];
