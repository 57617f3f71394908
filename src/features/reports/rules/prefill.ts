/**
 * The first draft of an audit report from the lead's answers (docs/audit-prefill-rules.md): every rule of
 * the submission's form reads its answers; an area starts at 3 ("Fair") or at the score a rule sets, moves
 * by each rule's delta and stays within 0 to 5. An area no rule spoke about has no prefill: staff score it.
 */
import type { AuditSubmission } from '../../../db/schema.ts';
import {
  MAX_SCORE,
  reportAreaIds,
  type ReportArea,
  type ReportAreaId,
  type ReportPrefill,
} from '../../../lib/audit-report.ts';
import { bdRules } from './bd-rules.ts';
import { marketingRules } from './marketing-rules.ts';
import type { Rule } from './rule.ts';
import { shortFormRules } from './short-form-rules.ts';

/** Every rule, in the order the areas are listed. */
export const rules: readonly Rule[] = [...marketingRules, ...bdRules, ...shortFormRules];

const BASE_SCORE = 3;

/** What the rules make of a submission, area by area. */
export function prefillReport(submission: AuditSubmission): ReportPrefill {
  const form = submission.source === 'contact_page' ? 'contact_page' : 'intake';
  const prefill = Object.fromEntries(reportAreaIds.map((id) => [id, null])) as ReportPrefill;
  for (const area of reportAreaIds) {
    const findings = rules
      .filter((rule) => rule.form === form && rule.area === area)
      .map((rule) => rule.read(submission))
      .filter((finding) => finding !== null);
    if (findings.length === 0) continue;
    const start = findings.findLast((f) => f.set !== undefined)?.set ?? BASE_SCORE;
    const score = findings.reduce((sum, f) => sum + (f.delta ?? 0), start);
    prefill[area] = {
      score: Math.min(MAX_SCORE, Math.max(0, Math.round(score))),
      reasons: findings.flatMap((f) => f.reasons),
    };
  }
  return prefill;
}

/** The package a weak area suggests (score 2 or less): the one that answers that weakness most directly. */
const weakAreaPackage: Partial<Record<ReportAreaId, string>> = {
  linkedin: 'linkedin-content-kit',
  collateral: 'sales-collateral-builder',
  thoughtLeadership: 'branded-video-package',
  leadGeneration: 'linkedin-engagement-add-on',
  outreach: 'linkedin-engagement-add-on',
  teamSetup: 'custom-retainer',
};
const WEAK = 2;

/** The editor's first draft: the rules' scores, their reasons as findings, a package for each weak area. */
export function draftFromPrefill(prefill: ReportPrefill): Record<ReportAreaId, ReportArea> {
  return Object.fromEntries(
    reportAreaIds.map((id) => {
      const area = prefill[id];
      return [
        id,
        {
          score: area?.score ?? null,
          findings: area ? area.reasons.map((r) => r.note).join(' ') : '',
          recommendations: '',
          packageSlug: area && area.score <= WEAK ? (weakAreaPackage[id] ?? null) : null,
        },
      ];
    }),
  ) as Record<ReportAreaId, ReportArea>;
}
