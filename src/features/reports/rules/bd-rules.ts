/** The prefill rules of the Business Development Review areas, for the 5-step intake (docs/audit-prefill-rules.md). */
import { countOf, either, fromTable, scaled, type Rule } from './rule.ts';

const CHANNELS = ['coldOutreach', 'inbound', 'events', 'depPartners', 'referrals', 'other'];

/** The score of each BD set-up: no one selling scores lowest, a team of sellers highest. */
const bdSetupScore: Record<string, [number, string]> = {
  'no-team': [1, 'No one is dedicated to business development.'],
  'founder-led': [2, 'Business development rests on the founders.'],
  'one-rep': [3, 'One BD representative.'],
  outsourced: [3, 'Business development is outsourced.'],
  'small-team': [4, 'A small BD team.'],
};

export const bdRules: Rule[] = [
  {
    name: 'lead-channels',
    area: 'leadGeneration',
    form: 'intake',
    read: (row) =>
      scaled(row, 'leadGeneration', countOf(row.leadGeneration, CHANNELS), [
        [0, -2, 'No lead generation channel named.'],
        [1, -1, 'One lead channel.'],
        [2, 0, '2 lead channels.'],
        [Infinity, 1, (n) => `${n} lead channels.`],
      ]),
  },
  {
    name: 'referrals-only',
    area: 'leadGeneration',
    form: 'intake',
    read: (row) =>
      either(
        row,
        'leadGeneration',
        row.leadGeneration.join() === 'referrals',
        [-1, 'Leads come from referrals alone.'],
        null,
      ),
  },
  {
    name: 'paid-advertising',
    area: 'leadGeneration',
    form: 'intake',
    read: (row) => either(row, 'paidAdvertising', row.paidAdvertising === 'yes', [1, 'Runs paid advertising.'], null),
  },
  {
    name: 'lead-tracking',
    area: 'crm',
    form: 'intake',
    read: (row) => {
      const kind = row.leadTracking.includes('crm')
        ? 'crm'
        : countOf(row.leadTracking, ['spreadsheets', 'email'])
          ? 'manual'
          : 'none';
      return fromTable(row, 'leadTracking', kind, {
        crm: [4, 'Leads are tracked in a CRM.'],
        manual: [2, 'Leads are tracked in spreadsheets or email, not a CRM.'],
        none: [1, 'Leads are not tracked.'],
      });
    },
  },
  {
    name: 'crm-named',
    area: 'crm',
    form: 'intake',
    read: (row) =>
      either(
        row,
        'crmSpecify',
        row.leadTracking.includes('crm') && row.crmSpecify.trim() !== '',
        [1, 'Names the CRM it runs.'],
        null,
      ),
  },
  {
    name: 'outreach-tools',
    area: 'outreach',
    form: 'intake',
    read: (row) =>
      fromTable(
        row,
        'outreachTools',
        row.outreachTools === 'yes' || row.outreachTools === 'no' ? row.outreachTools : 'unsure',
        {
          yes: [1, 'Uses outreach tools.'],
          no: [-2, 'No outreach tools.'],
          unsure: [-1, 'Not sure about outreach tools.'],
        },
        'delta',
      ),
  },
  {
    name: 'cold-outreach',
    area: 'outreach',
    form: 'intake',
    read: (row) =>
      either(
        row,
        'leadGeneration',
        row.leadGeneration.includes('coldOutreach'),
        [0, 'Does cold outreach.'],
        [-1, 'No cold outreach.'],
      ),
  },
  {
    name: 'prospecting-tools',
    area: 'bdTools',
    form: 'intake',
    read: (row) =>
      either(
        row,
        'prospectingTools',
        row.prospectingTools === 'yes',
        [1, 'Uses prospecting tools.'],
        [-1, 'No prospecting tools.'],
      ),
  },
  {
    name: 'bd-crm',
    area: 'bdTools',
    form: 'intake',
    read: (row) =>
      either(
        row,
        'leadTracking',
        row.leadTracking.includes('crm'),
        [0, 'The BD team has a CRM.'],
        [-1, 'The BD team works without a CRM.'],
      ),
  },
  {
    name: 'bd-staff',
    area: 'teamSetup',
    form: 'intake',
    read: (row) => fromTable(row, 'bdSetup', row.bdSetup, bdSetupScore),
  },
  {
    name: 'marketing-team',
    area: 'teamSetup',
    form: 'intake',
    read: (row) =>
      fromTable(
        row,
        'hasMarketingDept',
        row.hasMarketingDept,
        {
          yes: [1, 'Has a marketing department.'],
          no: [-1, 'No marketing department.'],
          outsourced: [0, 'Marketing is outsourced.'],
        },
        'delta',
      ),
  },
];
