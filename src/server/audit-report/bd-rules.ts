/** The prefill rules of the Business Development Review areas, for the 5-step intake (docs/audit-prefill-rules.md). */
import { because, countOf, type Rule } from './rule.ts';

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
    read: (row) => {
      const n = countOf(row.leadGeneration, CHANNELS);
      const [delta, note] =
        n === 0
          ? [-2, 'No lead generation channel named.']
          : n === 1
            ? [-1, 'One lead channel.']
            : n >= 3
              ? [1, `${n} lead channels.`]
              : [0, '2 lead channels.'];
      return { delta, reasons: [because(row, 'leadGeneration', note)] };
    },
  },
  {
    name: 'referrals-only',
    area: 'leadGeneration',
    form: 'intake',
    read: (row) =>
      row.leadGeneration.length === 1 && row.leadGeneration[0] === 'referrals'
        ? { delta: -1, reasons: [because(row, 'leadGeneration', 'Leads come from referrals alone.')] }
        : null,
  },
  {
    name: 'paid-advertising',
    area: 'leadGeneration',
    form: 'intake',
    read: (row) =>
      row.paidAdvertising === 'yes'
        ? { delta: 1, reasons: [because(row, 'paidAdvertising', 'Runs paid advertising.')] }
        : null,
  },
  {
    name: 'lead-tracking',
    area: 'crm',
    form: 'intake',
    read: (row) => {
      const [set, note] = row.leadTracking.includes('crm')
        ? [4, 'Leads are tracked in a CRM.']
        : countOf(row.leadTracking, ['spreadsheets', 'email']) > 0
          ? [2, 'Leads are tracked in spreadsheets or email, not a CRM.']
          : [1, 'Leads are not tracked.'];
      return { set, reasons: [because(row, 'leadTracking', note)] };
    },
  },
  {
    name: 'crm-named',
    area: 'crm',
    form: 'intake',
    read: (row) =>
      row.leadTracking.includes('crm') && row.crmSpecify.trim() !== ''
        ? { delta: 1, reasons: [because(row, 'crmSpecify', 'Names the CRM it runs.')] }
        : null,
  },
  {
    name: 'outreach-tools',
    area: 'outreach',
    form: 'intake',
    read: (row) => {
      const [delta, note] =
        row.outreachTools === 'yes'
          ? [1, 'Uses outreach tools.']
          : row.outreachTools === 'no'
            ? [-2, 'No outreach tools.']
            : [-1, 'Not sure about outreach tools.'];
      return { delta, reasons: [because(row, 'outreachTools', note)] };
    },
  },
  {
    name: 'cold-outreach',
    area: 'outreach',
    form: 'intake',
    read: (row) =>
      row.leadGeneration.includes('coldOutreach')
        ? { delta: 0, reasons: [because(row, 'leadGeneration', 'Does cold outreach.')] }
        : { delta: -1, reasons: [because(row, 'leadGeneration', 'No cold outreach.')] },
  },
  {
    name: 'prospecting-tools',
    area: 'bdTools',
    form: 'intake',
    read: (row) =>
      row.prospectingTools === 'yes'
        ? { delta: 1, reasons: [because(row, 'prospectingTools', 'Uses prospecting tools.')] }
        : { delta: -1, reasons: [because(row, 'prospectingTools', 'No prospecting tools.')] },
  },
  {
    name: 'bd-crm',
    area: 'bdTools',
    form: 'intake',
    read: (row) =>
      row.leadTracking.includes('crm')
        ? { delta: 0, reasons: [because(row, 'leadTracking', 'The BD team has a CRM.')] }
        : { delta: -1, reasons: [because(row, 'leadTracking', 'The BD team works without a CRM.')] },
  },
  {
    name: 'bd-staff',
    area: 'teamSetup',
    form: 'intake',
    read: (row) => {
      const known = bdSetupScore[row.bdSetup];
      return known ? { set: known[0], reasons: [because(row, 'bdSetup', known[1])] } : null;
    },
  },
  {
    name: 'marketing-team',
    area: 'teamSetup',
    form: 'intake',
    read: (row) => {
      if (row.hasMarketingDept === 'yes')
        return { delta: 1, reasons: [because(row, 'hasMarketingDept', 'Has a marketing department.')] };
      if (row.hasMarketingDept === 'no')
        return { delta: -1, reasons: [because(row, 'hasMarketingDept', 'No marketing department.')] };
      if (row.hasMarketingDept === 'outsourced')
        return { delta: 0, reasons: [because(row, 'hasMarketingDept', 'Marketing is outsourced.')] };
      return null;
    },
  },
];
