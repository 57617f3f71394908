/** The Leads list's filters, read from its address (`GET /api/admin/leads?…`, and its CSV). */
import { leadStates } from '../../db/schema.ts';
import { UTM_MAX } from '../../lib/attribution.ts';
import { invalidFields } from '../../server/errors.ts';
import { readListQuery } from '../../server/list-query.ts';
import { callFilters, DOWNLOAD_ONLY, leadForms, type CallFilter, type LeadForm, type LeadState } from './contract.ts';
import { leadStages, type LeadStage } from '../../lib/statuses.ts';

export interface LeadQuery {
  q: string;
  spam: boolean;
  page: number;
  state: LeadState | null;
  /** A form the lead has a request from, or `download_only`: leads that only asked for files. */
  form: LeadForm | typeof DOWNLOAD_ONLY | null;
  /** A staff member's id, `unassigned`, or null for anyone's. */
  owner: string | null;
  /** A source (src/lib/lead-source.ts), `unrecorded` for leads from before attribution, or null for any. */
  source: string | null;
  /** A campaign (`utm_campaign` of the first touch), or null for any. */
  campaign: string | null;
  /** The moment open and overdue are told apart at. */
  now: Date;
  /** Only the leads that replied by mail since our last response and wait on us (`?replied=true`). */
  replied?: boolean;
  /** `booked`: a call on the calendar; `missed`: one cancelled or missed, none booked since (`?call=`). */
  call?: CallFilter | null;
  /** The deal's stage (`?stage=`; `won`: the clients; docs/decisions/0047-pipeline.md). */
  stage?: LeadStage | null;
}

/**
 * The filters of `?q=&owner=&state=&stage=&replied=&form=&source=&campaign=&spam=&page=`; `owner=mine` is the signed-in staff
 * member, `source=unrecorded` the leads from before attribution. A value that cannot be one is a 422 naming the
 * parameter.
 */
export function leadsQuery(url: URL, viewerId: string, now = new Date()): LeadQuery {
  const base = readListQuery(url, [] as string[]);
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const fields: Record<string, string> = {};
  const state = get('state');
  if (state && !(leadStates as readonly string[]).includes(state)) fields.state = `Use ${leadStates.join(', ')}`;
  const form = get('form');
  const forms: readonly string[] = [...leadForms, DOWNLOAD_ONLY];
  if (form && !forms.includes(form)) fields.form = `Use ${forms.join(', ')}`;
  const owner = get('owner');
  if (owner.length > 200) fields.owner = 'Use mine, unassigned or a staff member’s id';
  const source = get('source').toLowerCase();
  if (source.length > UTM_MAX) fields.source = `Keep the source under ${UTM_MAX} characters`;
  const campaign = get('campaign');
  if (campaign.length > UTM_MAX) fields.campaign = `Keep the campaign under ${UTM_MAX} characters`;
  const replied = get('replied');
  if (replied && replied !== 'true') fields.replied = 'Use true (the leads that replied and wait on us)';
  const call = get('call');
  if (call && !(callFilters as readonly string[]).includes(call)) fields.call = `Use ${callFilters.join(' or ')}`;
  const stage = get('stage');
  if (stage && !(leadStages as readonly string[]).includes(stage)) fields.stage = `Use ${leadStages.join(', ')}`;
  if (Object.keys(fields).length) throw invalidFields(fields, 'Some filters are not valid.');
  return {
    replied: replied === 'true',
    call: (call || null) as CallFilter | null,
    stage: (stage || null) as LeadStage | null,
    q: base.q,
    spam: base.spam,
    page: base.page,
    state: (state || null) as LeadState | null,
    form: (form || null) as LeadQuery['form'],
    owner: owner === 'mine' ? viewerId : owner || null,
    source: source || null,
    campaign: campaign || null,
    now,
  };
}
