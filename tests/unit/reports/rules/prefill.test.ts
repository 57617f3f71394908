// The first draft of a report from the answers: every area of an intake, only the answered areas of a
// short form, reasons in the lead's words, scores always whole numbers from 0 to 5, the rules documented.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportAreaIds } from '../../../../src/lib/audit-report.ts';
import { intakeOptions, values, type Option } from '../../../../src/lib/forms/audit-options.ts';
import { draftFromPrefill, prefillReport, rules } from '../../../../src/features/reports/rules/prefill.ts';
import { fullIntake, intake, shortForm } from './rows.ts';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/audit-prefill-rules.md'), 'utf8');

describe('prefillReport', () => {
  it('fills all ten areas of a thorough intake, each with the answers behind its score', () => {
    const prefill = prefillReport(fullIntake());
    for (const id of reportAreaIds) {
      expect(prefill[id], id).not.toBeNull();
      expect(prefill[id]!.reasons.length, id).toBeGreaterThan(0);
    }
    expect(prefill.website!.score).toBe(1); // last updated 2023-05-17: over three years before June 2026
    expect(prefill.crm!.score).toBe(5);
    expect(prefill.teamSetup!.score).toBe(5);
  });

  it('scores the weak answers the issue names low: no website, no LinkedIn, spreadsheets, no tools, no BD staff', () => {
    const prefill = prefillReport(
      fullIntake({
        hasWebsite: false,
        hasLinkedin: false,
        leadTracking: ['spreadsheets'],
        outreachTools: 'no',
        bdSetup: 'no-team',
        hasMarketingDept: 'no',
      }),
    );
    expect(prefill.website!.score).toBe(0);
    expect(prefill.linkedin!.score).toBe(0);
    expect(prefill.crm!.score).toBe(2);
    expect(prefill.outreach!.score).toBe(1);
    expect(prefill.teamSetup!.score).toBe(0);
  });

  it('names each reason by the intake question and the answer in words', () => {
    const [reason] = prefillReport(intake({ hasWebsite: true, lastWebsiteUpdate: '2019-03-01' })).website!.reasons;
    expect(reason).toEqual({
      field: 'lastWebsiteUpdate',
      label: 'When was your website last updated?',
      answer: '2019-03-01',
      note: 'Not updated for over three years.',
    });
    const [tracking] = prefillReport(intake({ leadTracking: ['spreadsheets', 'email'] })).crm!.reasons;
    expect(tracking!.answer).toBe('Spreadsheets, Email');
    const [unanswered] = prefillReport(intake()).outreach!.reasons;
    expect(unanswered!.answer).toBe('Not answered');
  });

  it('gives a short form only the areas it has answers for and leaves the rest to staff', () => {
    const prefill = prefillReport(
      shortForm({ marketingChannels: ['linkedin'], painPoints: ['lead_generation'], teamSize: '2-5' }),
    );
    const filled = reportAreaIds.filter((id) => prefill[id] !== null);
    expect(filled).toEqual(['website', 'linkedin', 'thoughtLeadership', 'leadGeneration', 'teamSetup']);
    expect(prefill.leadGeneration!.reasons[0]!.label).toBe('Biggest pain points');
  });

  it('always scores whole numbers from 0 to 5, whatever the answers', () => {
    const list = (set: readonly Option[]) => fc.subarray(set.map((o) => o.value));
    const one = (set: readonly Option[]) => fc.constantFrom('', ...values(set));
    const row = fc.record({
      hasWebsite: fc.boolean(),
      lastWebsiteUpdate: fc.oneof(
        fc.constant(''),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      ),
      hasLinkedin: fc.boolean(),
      linkedinFrequency: fc.string(),
      marketingAssets: list(intakeOptions.marketingAssets),
      eventsAttendedPerYear: fc.string(),
      eventsExhibitedPerYear: fc.string(),
      heldOpenHouse: list(intakeOptions.heldOpenHouse),
      brandStory: fc.string(),
      leadGeneration: list(intakeOptions.leadGeneration),
      paidAdvertising: one(intakeOptions.paidAdvertising),
      leadTracking: list(intakeOptions.leadTracking),
      crmSpecify: fc.string(),
      outreachTools: one(intakeOptions.outreachTools),
      prospectingTools: one(intakeOptions.prospectingTools),
      bdSetup: one(intakeOptions.bdSetup),
      hasMarketingDept: one(intakeOptions.hasMarketingDept),
      commercialGoals: list(intakeOptions.commercialGoals),
    });
    fc.assert(
      fc.property(row, (answers) => {
        const areas = Object.values(prefillReport(intake(answers)));
        // Only team set-up can lack answers in an intake (its two questions unanswered).
        expect(areas.filter((area) => area === null).length).toBeLessThanOrEqual(1);
        for (const area of areas.filter((a) => a !== null)) {
          expect(Number.isInteger(area.score) && area.score >= 0 && area.score <= 5).toBe(true);
          expect(area.reasons.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('draftFromPrefill', () => {
  it('takes the scores, writes the reasons as findings and suggests a package for a weak area', () => {
    const draft = draftFromPrefill(prefillReport(fullIntake({ hasLinkedin: false })));
    expect(draft.linkedin).toEqual({
      score: 0,
      findings: 'No LinkedIn company page.',
      recommendations: '',
      packageSlug: 'linkedin-content-kit',
    });
    expect(draft.crm.packageSlug).toBeNull();
    expect(draftFromPrefill(prefillReport(shortForm())).crm).toEqual({
      score: null,
      findings: '',
      recommendations: '',
      packageSlug: null,
    });
  });
});

describe('docs/audit-prefill-rules.md', () => {
  it('documents every rule by name, and no rule that does not exist', () => {
    const documented = [...doc.matchAll(/^\| `([a-z-]+)` /gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(rules.map((r) => r.name).sort());
  });

  it('names only packages that exist in content/packages', () => {
    for (const slug of doc.matchAll(/`([a-z-]+)` package/g)) {
      expect(() =>
        readFileSync(path.resolve(import.meta.dirname, `../../../../content/packages/${slug[1]}.yaml`)),
      ).not.toThrow();
    }
  });
});
