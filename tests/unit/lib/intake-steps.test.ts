/**
 * The intake's step list is the one place a step is described: its fields are the schema's fields, in
 * order, each in one step; the form starts empty from them; and the server's answer sections follow it.
 */
import { describe, expect, it } from 'vitest';
import type { AuditSubmission } from '../../../src/db/schema.ts';
import {
  intakeDefaults,
  intakeLabels,
  intakeSchema,
  intakeShape,
  intakeSteps,
} from '../../../src/lib/forms/intake.schema.ts';
import { stepOfField } from '../../../src/lib/forms/intake-steps.ts';
import { shortAuditDefaults, shortAuditSections, shortAuditShape } from '../../../src/lib/forms/short-audit.schema.ts';
import { answerSections, intakeRow } from '../../../src/features/leads/audit-answers.ts';
import { failingIntakeFields, intakeAnswers, intakeWithEmptyFollowUps } from '../../fixtures/forms.ts';

describe('the intake step list', () => {
  it('has five steps whose fields are every field of the schema, in order, each in one step', () => {
    expect(intakeSteps.map((s) => s.id)).toEqual(['company', 'marketing', 'bd', 'goals', 'documents']);
    expect(intakeSteps.flatMap((s) => s.fields)).toEqual(Object.keys(intakeShape));
    for (const [index, step] of intakeSteps.entries()) {
      for (const field of step.fields) expect(stepOfField(field)).toBe(index);
    }
  });

  it('starts the form empty: no text, no choices, no website or LinkedIn, no consent', () => {
    const defaults = intakeDefaults() as Record<string, unknown>;
    expect(Object.keys(defaults).sort()).toEqual(Object.keys(intakeShape).sort());
    for (const [field, value] of Object.entries(defaults)) {
      const expected = Array.isArray(value) ? [] : typeof value === 'boolean' ? false : '';
      expect(value, field).toEqual(expected);
    }
    expect(defaults).toMatchObject({ regions: [], hasWebsite: false, hasLinkedIn: false, consent: false });
    expect(intakeDefaults().regions).not.toBe(intakeDefaults().regions); // each form gets its own lists
    expect(Object.keys(shortAuditDefaults()).sort()).toEqual(Object.keys(shortAuditShape).sort());
  });

  it('lets each step fail only on its own fields, and every step with a required answer fail', () => {
    const fails = failingIntakeFields(intakeWithEmptyFollowUps());
    const byStep = intakeSteps.map((step) => fails.filter((f) => (step.fields as string[]).includes(f)));
    expect(byStep.flat().sort()).toEqual([...fails].sort());
    expect(byStep).toEqual([
      [
        'fullName',
        'workEmail',
        'companyName',
        'address',
        'city',
        'state',
        'zipCode',
        'serviceType',
        'location',
        'stageOfGrowth',
        'otherRegion', // the conditional rules run after the fields' own
      ],
      ['marketingDeptSize', 'currentWebsiteUrl'],
      ['bdSetup', 'crmSpecify'],
      ['otherCommercialGoal'],
      ['consent'],
    ]);
  });

  it('gives the server its answer sections in the same steps, titles and order, without the consent', () => {
    const row = { source: 'intake', ...intakeRow(intakeSchema.parse(intakeAnswers())) } as AuditSubmission;
    const sections = answerSections(row);
    const asked = intakeSteps
      .map((step) => ({ title: step.title, fields: step.fields.filter((f) => f !== 'consent') }))
      .filter((step) => step.fields.length > 0);
    expect(sections.map((s) => s.title)).toEqual(asked.map((s) => s.title));
    expect(sections.map((s) => s.rows.map(([label]) => label))).toEqual(
      asked.map((s) => s.fields.map((f) => intakeLabels[f])),
    );
    expect(sections[0]!.rows[0]).toEqual(['Full name', 'Katalin Karikó']);
  });

  it('gives the short form its sections from the groups of its schema', () => {
    expect(shortAuditSections.map((s) => s.title)).toEqual(['Contact', 'Company', 'Marketing']);
    expect([...shortAuditSections.flatMap((s) => s.fields), 'consent']).toEqual(Object.keys(shortAuditShape));
  });
});
