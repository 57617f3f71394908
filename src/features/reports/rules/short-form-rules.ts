/**
 * The prefill rules of the contact page's short audit form (docs/audit-prefill-rules.md). It asks far less
 * than the intake, so it scores only the areas it has answers for; staff score the rest.
 */
import { because, either, fromTable, type Rule } from './rule.ts';

/** The marketing team's size: no one scores lowest. */
const teamSizeScore: Record<string, [number, string]> = {
  none: [1, 'No dedicated marketing team.'],
  '1': [2, 'A team of one.'],
  '2-5': [3, 'A small team.'],
  '6-10': [4, 'A mid-sized team.'],
  '10+': [5, 'A large team.'],
};

const uses = (channels: readonly string[], channel: string) => channels.includes(channel);

export const shortFormRules: Rule[] = [
  {
    name: 'short-website',
    area: 'website',
    form: 'contact_page',
    read: (row) =>
      row.painPoints.includes('website_conversion')
        ? { delta: -1, reasons: [because(row, 'painPoints', 'Says the website does not convert.')] }
        : uses(row.marketingChannels, 'website')
          ? { delta: 0, reasons: [because(row, 'marketingChannels', 'Uses its website for marketing.')] }
          : {
              delta: -1,
              reasons: [because(row, 'marketingChannels', 'Does not count the website among its channels.')],
            },
  },
  {
    name: 'short-linkedin',
    area: 'linkedin',
    form: 'contact_page',
    read: (row) =>
      uses(row.marketingChannels, 'linkedin')
        ? { delta: 0, reasons: [because(row, 'marketingChannels', 'Markets on LinkedIn.')] }
        : { set: 1, reasons: [because(row, 'marketingChannels', 'Does not market on LinkedIn.')] },
  },
  {
    name: 'short-content',
    area: 'thoughtLeadership',
    form: 'contact_page',
    read: (row) => {
      const channels = ['webinars', 'email'].filter((c) => uses(row.marketingChannels, c)).length;
      if (row.painPoints.includes('content_creation')) {
        return { delta: -1, reasons: [because(row, 'painPoints', 'Finds content creation hard.')] };
      }
      return channels > 0
        ? { delta: 0, reasons: [because(row, 'marketingChannels', 'Publishes through webinars or email.')] }
        : { delta: -1, reasons: [because(row, 'marketingChannels', 'No webinars or email content.')] };
    },
  },
  {
    name: 'short-lead-generation',
    area: 'leadGeneration',
    form: 'contact_page',
    read: (row) =>
      either(
        row,
        'painPoints',
        row.painPoints.includes('lead_generation') || row.painPoints.includes('messaging'),
        [-1, 'Names lead generation or messaging as a pain point.'],
        null,
      ),
  },
  {
    name: 'short-team-size',
    area: 'teamSetup',
    form: 'contact_page',
    read: (row) => fromTable(row, 'teamSize', row.teamSize, teamSizeScore),
  },
];
