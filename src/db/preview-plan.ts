/**
 * What a deploy preview keeps of production's data, table by table and column by column (docs/privacy.md, "Deploy
 * previews"): every table and every text or JSON column of the schema is here, invented (a person's), the staff's
 * own (kept: staff sign in on previews), or not personal. src/db/preview-data.ts makes the statements from it; a
 * unit test (tests/unit/privacy/preview-data.test.ts) fails when a table or such a column is added without being
 * classified, so the list stays true as the schema grows.
 */
/** How an invented value is made from the row's seed (the same person gets the same invented name everywhere). */
export type Invented = 'name' | 'email' | 'phone' | 'company' | 'text' | 'url' | 'null' | 'detail' | 'secret' | 'list';

/** What a preview keeps of a table, and why. */
export type TablePlan =
  | { rows: 'delete'; why: string }
  | {
      rows: 'keep';
      /** SQL text of the row's seed: one person's rows share it (their lead's id). */
      seed?: string;
      /** Personal columns, replaced by invented values (empty stays empty, null stays null). */
      invent?: Record<string, Invented>;
      /** A staff member's own account data: kept, the agency's decision (staff sign in on previews). */
      staff?: readonly string[];
      /** Not personal: ids, the system's own words, choices of a form, public content, hashes. */
      system?: readonly string[];
      /** Rows deleted first (SQL condition), e.g. accounts that are nobody's staff. */
      deleteWhere?: string;
      why: string;
    };

const deleted = (why: string): TablePlan => ({ rows: 'delete', why });

/** Every table of src/db/schema.ts (and the migrations' own), by its SQL name. */
export const PREVIEW_DATA: Record<string, TablePlan> = {
  leads: {
    rows: 'keep',
    seed: 'id',
    invent: {
      email_key: 'email',
      email: 'email',
      name: 'name',
      company: 'company',
      phone: 'phone',
      attribution: 'null',
      undeliverable_reason: 'null',
      lost_note: 'text',
    },
    system: ['owner_id', 'source', 'first_form', 'reply_token', 'stage', 'lost_reason'],
    why: 'the lead stays, as an invented person, so the portal has leads to work on',
  },
  contact_messages: {
    rows: 'keep',
    seed: 'lead_id',
    invent: { name: 'name', email: 'email', company: 'company', message: 'text', attribution: 'null' },
    system: ['consent_version', 'status', 'spam_reason'],
    why: 'the message stays, its sender and text invented',
  },
  download_requests: {
    rows: 'keep',
    seed: 'lead_id',
    invent: { name: 'name', email: 'email', company: 'company', attribution: 'null', token_hash: 'secret' },
    system: ['resource', 'resource_title', 'consent_version', 'spam_reason'],
    why: 'the request stays for the dashboard, its person invented; its link replaced, so no real link opens a preview',
  },
  audit_submissions: {
    rows: 'keep',
    seed: 'lead_id',
    invent: {
      contact_name: 'name',
      contact_email: 'email',
      contact_phone: 'phone',
      job_title: 'text',
      company_name: 'company',
      address: 'text',
      city: 'text',
      state: 'text',
      zip_code: 'text',
      other_service_type: 'text',
      location: 'text',
      other_region: 'text',
      marketing_dept_size: 'text',
      current_website_url: 'url',
      linkedin_url: 'url',
      linkedin_frequency: 'text',
      events_attended_per_year: 'text',
      events_exhibited_per_year: 'text',
      events_per_year: 'text',
      open_house_details: 'text',
      other_marketing_asset: 'text',
      ad_platforms: 'text',
      brand_story: 'text',
      crm_specify: 'text',
      other_lead_generation: 'text',
      prospecting_tools_specify: 'text',
      outreach_tools_specify: 'text',
      other_commercial_goal: 'text',
      biggest_challenge: 'text',
      other_success_looks_like: 'text',
      hiring_marketing_count: 'text',
      marketing_spending: 'text',
      primary_competitors: 'text',
      website_url: 'url',
      other_marketing_channel: 'text',
      other_pain_point: 'text',
      goals: 'text',
      attribution: 'null',
    },
    // The form's choices (one of its options, or a list of them), consent's version, status and spam flags.
    system: [
      'source',
      'status',
      'consent_version',
      'spam_reason',
      'service_type',
      'regions',
      'stage_of_growth',
      'has_marketing_dept',
      'last_website_update',
      'held_open_house',
      'marketing_assets',
      'paid_advertising',
      'bd_setup',
      'lead_tracking',
      'lead_generation',
      'prospecting_tools',
      'outreach_tools',
      'commercial_goals',
      'success_looks_like',
      'hiring_marketing',
      'marketing_channels',
      'team_size',
      'pain_points',
    ],
    why: 'the request stays, every free answer and the person invented, the choices kept',
  },
  uploaded_documents: deleted("a document's name and its key in production's store: document references go"),
  pending_uploads: deleted('unfinished uploads of production: their names and parts go'),
  pending_upload_parts: deleted('parts of production’s unfinished uploads'),
  upload_tokens: deleted('bearer tokens of production'),
  audit_reports: deleted('written about a real company; a report is drawn again from the invented answers'),
  audit_report_deliveries: deleted('a frozen copy of a real report, and its link'),
  lead_events: {
    rows: 'keep',
    seed: 'lead_id',
    invent: { subject: 'text', body: 'text', detail: 'detail' },
    staff: ['actor_id', 'actor_email'],
    system: ['kind'],
    why: 'the timeline stays, its notes and replies invented',
  },
  mail_outbox: {
    rows: 'keep',
    seed: 'coalesce(lead_id::text, id::text)',
    invent: {
      to: 'email',
      reply_to: 'email',
      subject: 'text',
      text_body: 'text',
      html_body: 'text',
      last_error: 'null',
      sealed: 'null',
      delivery_detail: 'null',
    },
    system: ['idempotency_key', 'kind', 'status', 'provider_id', 'delivery'],
    why: 'the outbox stays for the timeline and the Mail tab, every address and body invented',
  },
  audit_log: {
    rows: 'keep',
    invent: { detail: 'detail' },
    staff: ['actor_id', 'actor_email'],
    system: ['action', 'target_type', 'target_id'],
    why: 'who did what and when stays; every detail but the system’s own words goes',
  },
  bookings: {
    rows: 'keep',
    seed: 'lead_id',
    invent: {
      invitee_name: 'name',
      invitee_email: 'email',
      answers: 'list',
      location: 'text',
      cancel_reason: 'text',
      attribution: 'null',
    },
    staff: ['host'],
    system: ['provider', 'keys', 'status', 'event_type', 'time_zone'],
    why: 'the call stays for the portal and the dashboard, its invitee, answers and meeting link invented',
  },
  booking_events: {
    rows: 'keep',
    seed: 'lead_id',
    invent: { facts: 'detail' },
    system: ['id', 'provider', 'kind', 'key', 'linked'],
    why: 'the call’s history stays for the timeline; what the scheduler said keeps only its times and words of the system',
  },
  inbound_messages: deleted('mail people wrote back to production, and mail kept aside: their words and addresses go'),
  lead_documents: deleted("a mailed document's name and its key in production's store: document references go"),
  webhook_events: deleted('what the mail provider said about production’s mail: its reasons name addresses'),
  blob_deletions: deleted('pending deletions of production’s files: a preview must not touch production’s stores'),
  rate_limits: deleted('keyed by clients’ addresses'),
  auth_rate_limits: deleted('keyed by clients’ addresses'),
  idempotency_keys: {
    rows: 'keep',
    system: ['key', 'scope'],
    why: 'SHA-256 of random submit keys: nobody can be read from them',
  },
  users: {
    rows: 'keep',
    deleteWhere: 'NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = users.id)',
    staff: ['id', 'name', 'email', 'image'],
    why: 'staff (an account with a role) sign in on previews as on production; any other account goes',
  },
  sessions: deleted("production's sessions: their tokens, devices and addresses"),
  accounts: {
    rows: 'keep',
    staff: ['id', 'account_id', 'user_id', 'password', 'access_token', 'refresh_token', 'id_token', 'scope'],
    system: ['provider_id'],
    why: 'the staff’s own sign-in (their password hash), kept so they sign in on previews',
  },
  two_factors: {
    rows: 'keep',
    staff: ['id', 'user_id', 'secret', 'backup_codes'],
    why: 'the staff’s second factor, kept so two-factor sign-in works on previews (the same auth secret)',
  },
  verifications: deleted('pending confirmations and resets of production: their addresses and tokens'),
  user_roles: { rows: 'keep', system: ['user_id', 'role'], why: 'who is staff' },
  blog_posts: {
    rows: 'keep',
    system: ['title', 'slug', 'content', 'excerpt', 'featured_image_url', 'status', 'author_id'],
    why: 'the blog: public content the agency writes',
  },
  intake_funnel_days: { rows: 'keep', system: ['step'], why: 'counters per day: nobody in them' },
  visit_days: {
    rows: 'keep',
    system: ['source', 'campaign', 'landing_path'],
    why: 'visits counted per day, source, campaign and landing page: nobody in them',
  },
  preview_data: { rows: 'keep', system: ['counts'], why: 'this record itself: how many rows of each table changed' },
  app_migrations: { rows: 'keep', system: ['name'], why: 'which migrations ran' },
  closed_deals: {
    rows: 'keep',
    system: ['lead_id', 'outcome', 'lost_reason', 'source', 'campaign', 'landing_path', 'resource'],
    why: 'a closed deal names no person (its lead is an id): the dashboard’s revenue stays as production’s',
  },
  pipeline_stage_settings: {
    rows: 'keep',
    system: ['stage'],
    why: 'the agency’s own probabilities and stale thresholds, no person',
  },
  scheduled_runs: deleted('production’s schedules’ runs: a preview’s System page shows its own'),
};
