/**
 * Every table of the product in one place. Statuses and roles are `as const` arrays exported once; row
 * types are inferred from the tables, never written by hand. Migrations in drizzle/ are generated from it.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { DeliveredReport, ReportArea, ReportAreaId, ReportPrefill } from '../lib/audit-report.ts';
import type { Attribution } from '../lib/attribution.ts';
import {
  funnelSteps,
  leadEventKinds,
  leadForms,
  leadStages,
  lostReasons,
  openStages,
  messageStatuses,
  postStatuses,
  roles,
  submissionSources,
  submissionStatuses,
} from '../lib/statuses.ts';

export * from '../lib/statuses.ts';
// `capped`: a confirmation over a cap of outbox.ts, recorded and never sent.
// `suppressed`: a mail to a lead's address that complained (marked it spam), recorded and never sent.
export const mailStatuses = ['pending', 'sent', 'failed', 'capped', 'suppressed'] as const;
/** What the provider's delivery events said last of a sent mail (docs/decisions/0040-mail-replies-and-delivery.md). */
export const mailDeliveries = ['delivered', 'delayed', 'bounced', 'complained', 'failed'] as const;
/** What became of a mail received on the reply domain: on its lead's timeline, from another sender, or kept aside. */
export const inboundStatuses = ['attached', 'other_sender', 'unmatched'] as const;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * One person who wrote to the agency (docs/decisions/0030-leads.md): every contact message and audit request
 * belongs to the lead of its email address, compared case-insensitively (`email_key`). Name, company and phone
 * are as last given. The response clock: `awaiting_since` is the first request not yet answered, due at
 * `response_due_at` (the SQL function `lead_response_due`, migration 0007_leads); a reply from the portal or
 * "answered elsewhere" stamps the response and stops it.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `lower(trim(email))`: the key a request is linked by. */
    emailKey: text('email_key').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    requestCount: integer('request_count').notNull().default(0),
    /** True while every request of the lead was flagged as spam. */
    isSpam: boolean('is_spam').notNull().default(false),
    firstRequestAt: timestamp('first_request_at', { withTimezone: true }).notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    responseDueAt: timestamp('response_due_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    lastResponseAt: timestamp('last_response_at', { withTimezone: true }),
    /** When the alerts of the current wait were queued (cleared by a response): each goes once. */
    dueSoonAlertedAt: timestamp('due_soon_alerted_at', { withTimezone: true }),
    overdueAlertedAt: timestamp('overdue_alerted_at', { withTimezone: true }),
    /**
     * Set by an admin on a lead who became a client: the retention sweep (docs/privacy.md) never erases
     * a client's lead, however long since its last activity.
     */
    isClient: boolean('is_client').notNull().default(false),
    /**
     * Where the lead came from (docs/decisions/0032-attribution-and-dashboard.md): the first-touch attribution of
     * its first request, the source derived from it by src/lib/lead-source.ts, and the form of that request.
     * Null on a lead from before the site kept attribution.
     */
    source: text('source'),
    firstForm: text('first_form', { enum: leadForms }),
    attribution: jsonb('attribution').$type<Attribution>(),
    /**
     * The random token of the lead's Reply-To address, `reply+<token>@MAIL_REPLY_DOMAIN`
     * (docs/decisions/0040-mail-replies-and-delivery.md): names the lead without revealing its id or address.
     */
    replyToken: text('reply_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** When the lead last wrote back by mail (an inbound reply from its own address). */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    /** A hard bounce: the address cannot be delivered to, and why (the provider's words). */
    undeliverableAt: timestamp('undeliverable_at', { withTimezone: true }),
    undeliverableReason: text('undeliverable_reason'),
    /** The person marked our mail as spam: nothing more goes to the address but a reply a staff member confirms. */
    complainedAt: timestamp('complained_at', { withTimezone: true }),
    /**
     * The deal (docs/decisions/0047-pipeline.md): its stage, since when, its value in whole US dollars, when it is
     * expected to close, and for a lost one why (`lost_note`: the words of `other`, or a remark).
     */
    stage: text('stage', { enum: leadStages }).notNull().default('new'),
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull().defaultNow(),
    dealValue: integer('deal_value'),
    expectedCloseOn: date('expected_close_on'),
    lostReason: text('lost_reason', { enum: lostReasons }),
    lostNote: text('lost_note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The board's columns, the stale deals and the open pipeline's totals read it in stage-entered order, and the
    // value and owner they need from it alone (docs/decisions/0047-pipeline.md); spam is never on the board.
    index('leads_pipeline_idx')
      .on(t.stage, t.stageEnteredAt, t.id, t.dealValue, t.ownerId)
      .where(sql`is_spam = false`),
    uniqueIndex('leads_email_key_idx').on(t.emailKey),
    uniqueIndex('leads_reply_token_idx').on(t.replyToken),
    index('leads_activity_idx').on(t.lastActivityAt, t.id),
    index('leads_owner_idx').on(t.ownerId),
    index('leads_response_due_idx').on(t.responseDueAt),
    index('leads_first_request_idx').on(t.firstRequestAt),
    index('leads_source_idx').on(t.source),
  ],
);

/** Both audit forms: the contact page's short form (`source = contact_page`) and the 5-step intake. */
export const auditSubmissions = pgTable(
  'audit_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', { enum: submissionSources }).notNull(),
    status: text('status', { enum: submissionStatuses }).notNull().default('pending'),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    // The lead (docs/decisions/0003-audit-forms-ask-who-the-lead-is.md).
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    // Consent (docs/decisions/0004-consent-on-every-public-form.md): the wording's version and when it was given.
    consentVersion: text('consent_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    // Spam defence (docs/decisions/0008-spam-defence-without-captcha.md): caught submissions are kept, flagged.
    isSpam: boolean('is_spam').notNull().default(false),
    spamReason: text('spam_reason'),
    // Step 1: company profile.
    companyName: text('company_name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    serviceType: text('service_type').notNull().default(''),
    otherServiceType: text('other_service_type').notNull().default(''),
    location: text('location').notNull().default(''),
    regions: textList('regions'),
    otherRegion: text('other_region').notNull().default(''),
    stageOfGrowth: text('stage_of_growth').notNull().default(''),
    // Step 2: marketing presence.
    hasMarketingDept: text('has_marketing_dept').notNull().default(''),
    marketingDeptSize: text('marketing_dept_size').notNull().default(''),
    hasWebsite: boolean('has_website').notNull().default(false),
    currentWebsiteUrl: text('current_website_url').notNull().default(''),
    lastWebsiteUpdate: text('last_website_update').notNull().default(''),
    hasLinkedin: boolean('has_linkedin').notNull().default(false),
    linkedinUrl: text('linkedin_url').notNull().default(''),
    linkedinFrequency: text('linkedin_frequency').notNull().default(''),
    eventsAttendedPerYear: text('events_attended_per_year').notNull().default(''),
    eventsExhibitedPerYear: text('events_exhibited_per_year').notNull().default(''),
    eventsPerYear: text('events_per_year').notNull().default(''),
    heldOpenHouse: textList('held_open_house'),
    openHouseDetails: text('open_house_details').notNull().default(''),
    // Steps 3 and 4: assets, advertising, BD setup, goals.
    marketingAssets: textList('marketing_assets'),
    otherMarketingAsset: text('other_marketing_asset').notNull().default(''),
    paidAdvertising: text('paid_advertising').notNull().default(''),
    adPlatforms: text('ad_platforms').notNull().default(''),
    brandStory: text('brand_story').notNull().default(''),
    bdSetup: text('bd_setup').notNull().default(''),
    leadTracking: textList('lead_tracking'),
    crmSpecify: text('crm_specify').notNull().default(''),
    leadGeneration: textList('lead_generation'),
    otherLeadGeneration: text('other_lead_generation').notNull().default(''),
    prospectingTools: text('prospecting_tools').notNull().default(''),
    prospectingToolsSpecify: text('prospecting_tools_specify').notNull().default(''),
    outreachTools: text('outreach_tools').notNull().default(''),
    outreachToolsSpecify: text('outreach_tools_specify').notNull().default(''),
    commercialGoals: textList('commercial_goals'),
    otherCommercialGoal: text('other_commercial_goal').notNull().default(''),
    biggestChallenge: text('biggest_challenge').notNull().default(''),
    successLooksLike: textList('success_looks_like'),
    otherSuccessLooksLike: text('other_success_looks_like').notNull().default(''),
    hiringMarketing: text('hiring_marketing').notNull().default(''),
    hiringMarketingCount: text('hiring_marketing_count').notNull().default(''),
    marketingSpending: text('marketing_spending').notNull().default(''),
    primaryCompetitors: text('primary_competitors').notNull().default(''),
    // The short form's own questions (docs/decisions/0005-short-audit-form-stored-faithfully.md), stored under their own names.
    websiteUrl: text('website_url').notNull().default(''),
    marketingChannels: textList('marketing_channels'),
    otherMarketingChannel: text('other_marketing_channel').notNull().default(''),
    teamSize: text('team_size').notNull().default(''),
    painPoints: textList('pain_points'),
    otherPainPoint: text('other_pain_point').notNull().default(''),
    goals: text('goals').notNull().default(''),
    /** The first touch of the visit that sent it (docs/decisions/0032-attribution-and-dashboard.md). */
    attribution: jsonb('attribution').$type<Attribution>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('audit_submissions_created_at_idx').on(t.createdAt),
    index('audit_submissions_status_idx').on(t.status),
    index('audit_submissions_lead_idx').on(t.leadId),
  ],
);

export const uploadedDocuments = pgTable(
  'uploaded_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auditSubmissionId: uuid('audit_submission_id')
      .notNull()
      .references(() => auditSubmissions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    /** The document carries macros (a VBA project in a legacy Office file): the portal warns before download. */
    hasMacros: boolean('has_macros').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploaded_documents_file_path_idx').on(t.filePath),
    index('uploaded_documents_submission_idx').on(t.auditSubmissionId),
  ],
);

/**
 * The short-lived token that `POST /api/audits` hands the intake: it lets the browser attach documents to
 * that one submission and nothing else. Only its SHA-256 is stored.
 */
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    auditSubmissionId: uuid('audit_submission_id')
      .notNull()
      .references(() => auditSubmissions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('upload_tokens_submission_idx').on(t.auditSubmissionId)],
);

/** A document on its way up in parts (docs/decisions/0006-uploads-in-parts.md); it becomes an `uploaded_documents` row on completion. */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auditSubmissionId: uuid('audit_submission_id')
      .notNull()
      .references(() => auditSubmissions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The extension, lower case, without the dot: it decides the magic bytes the file must start with. */
    fileType: text('file_type').notNull(),
    declaredSize: integer('declared_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_uploads_created_at_idx').on(t.createdAt)],
);

/** The parts received of a pending upload; their bytes are in the parts Blobs store. */
export const pendingUploadParts = pgTable(
  'pending_upload_parts',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => pendingUploads.id, { onDelete: 'cascade' }),
    partIndex: integer('part_index').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partIndex] })],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    message: text('message').notNull(),
    subscribe: boolean('subscribe').notNull().default(false),
    consentVersion: text('consent_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: messageStatuses }).notNull().default('unread'),
    isSpam: boolean('is_spam').notNull().default(false),
    spamReason: text('spam_reason'),
    /** The first touch of the visit that sent it (docs/decisions/0032-attribution-and-dashboard.md). */
    attribution: jsonb('attribution').$type<Attribution>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt), index('contact_messages_lead_idx').on(t.leadId)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    featuredImageUrl: text('featured_image_url').notNull().default(''),
    status: text('status', { enum: postStatuses }).notNull().default('draft'),
    authorId: text('author_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('blog_posts_slug_idx').on(t.slug)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    role: text('role', { enum: roles }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_roles_user_role_idx').on(t.userId, t.role)],
);

/** Mail queued in the same transaction as what caused it (docs/decisions/0007-mail-through-an-outbox.md); a sender drains it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Also the provider's idempotency key, so a retry never sends twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** When the sender last tried it (sent or refused): health reads whether the latest try failed. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    providerId: text('provider_id'),
    /** The lead the mail was addressed to (its address is the lead's), for the lead's timeline. */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    /**
     * A secret the mail carries (a report's private link), encrypted with a key derived from the auth secret:
     * the bodies hold a placeholder, the sender puts the secret in, and the column is emptied once the mail is
     * sent, so the outbox never keeps a working link in clear text (src/server/mail/sealed.ts).
     */
    sealed: text('sealed'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's last delivery event of the sent mail, its words (a bounce's reason) and when it came. */
    delivery: text('delivery', { enum: mailDeliveries }),
    deliveryDetail: text('delivery_detail'),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_outbox_idempotency_key_idx').on(t.idempotencyKey),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_last_attempt_idx').on(t.lastAttemptAt),
    index('mail_outbox_lead_idx').on(t.leadId),
  ],
);

/** Fixed-window counters per key (e.g. `contact:203.0.113.9`), shared by every function instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** One row per submit key (docs/decisions/0009-idempotent-submits.md): the same key never creates a second row or mail. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  resourceId: uuid('resource_id').notNull(),
  createdAt: createdAt(),
});

// Accounts (better-auth's tables, docs/decisions/0011-staff-accounts-with-better-auth.md): ids are better-auth's own strings. `user_roles.user_id`
// names `users.id`; roles live in their own table so a user may hold several (docs/decisions/0010-roles-enforced-on-the-server.md).
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** Set by better-auth's two-factor plugin once the account's authenticator is verified. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /**
   * Set on a password someone else chose (`npm run admin -- create` prints one): until the account's owner
   * chooses their own, the admin API answers 403 `password_change_required` and the portal asks for a new one.
   */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  /**
   * Until when that password opens a first sign-in (24 hours after `create` printed it); null once a sign-in
   * used it. With `password_change_required` set, a sign-in after then is refused (temporary-password.ts).
   */
  temporaryPasswordExpiresAt: ts('temporary_password_expires_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    /** The password hash (better-auth's scrypt). */
    password: text('password'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** better-auth's rate-limit counters, in the database so they hold across function instances. */
export const authRateLimits = pgTable('auth_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * An account's authenticator (better-auth's two-factor plugin): the TOTP secret, encrypted with the auth secret,
 * and the recovery codes, each a salted scrypt hash (src/features/accounts/recovery-codes.ts). `verified` is
 * false until the first code from the app is accepted.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
  },
  (t) => [index('two_factors_user_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/** What the audit log records: one name per kind of staff action. */
export const auditActions = [
  'role.grant',
  'role.remove',
  'submission.status',
  'message.status',
  'post.publish',
  'post.unpublish',
  'post.delete',
  'document.download',
  'account.signout',
  'account.two-factor-reset',
  'role.bootstrap-refused',
  'report.save',
  'report.deliver',
  'report.revoke',
  'mail.test',
  'mail.retry',
  'lead.owner',
  'lead.note',
  'lead.note-delete',
  'lead.reply',
  'lead.answered-elsewhere',
  'lead.client',
  'lead.export',
  'lead.erase',
  'export.csv',
  'account.password-change',
  'account.two-factor-enable',
  'account.two-factor-disable',
  'account.session-signout',
  'account.session-signout-others',
  'staff.remove',
  'lead.details',
  'lead.stage',
  'pipeline.settings',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * Who did what to which record, and when. Rows are only ever inserted: a trigger (migrations 0003 and 0008)
 * refuses DELETE, TRUNCATE and every UPDATE but an erasure's, which keeps who, what and when and only replaces a
 * person's details by their lead's opaque id (`erasedLead`, docs/privacy.md), so not even a bug in the application
 * can rewrite the history. The actor's email is
 * copied in, so a row still names its author after the account is gone.
 */
/**
 * Action log detail keys whose values are the system's own words (statuses, roles, ids), never a person's: what an
 * erasure keeps of a row that named the person (features/privacy/erase.ts), and what a preview keeps of every row
 * (preview-data.ts, with a few more of its own).
 */
export const AUDIT_SYSTEM_KEYS = [
  'from',
  'to',
  'via',
  'role',
  'version',
  'revision',
  'noteId',
  'mailId',
  'eventId',
  'reason',
  'value',
] as const;

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: ts('at').notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: auditActions }).notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What changed, e.g. `{ "from": "pending", "to": "reviewed" }` or `{ "role": "editor" }`. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_target_idx').on(t.targetId)],
);

/**
 * The audit report of one submission (docs/decisions/0027-audit-workbench.md): the draft staff edit. `prefill`
 * keeps what the rules made of the lead's answers, so the editor shows the reasons beside each score.
 */
export const auditReports = pgTable('audit_reports', {
  submissionId: uuid('submission_id')
    .primaryKey()
    .references(() => auditSubmissions.id, { onDelete: 'cascade' }),
  /** Goes up by one with each save; a save names the revision it edits (a stale one is refused). */
  revision: integer('revision').notNull().default(0),
  summary: text('summary').notNull().default(''),
  areas: jsonb('areas').$type<Record<ReportAreaId, ReportArea>>().notNull(),
  prefill: jsonb('prefill').$type<ReportPrefill>().notNull(),
  updatedById: text('updated_by_id'),
  updatedByEmail: text('updated_by_email'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A delivered version of a report, frozen as the lead reads it, with its private link: only the link
 * token's SHA-256 is stored, so the database cannot give the link away.
 */
export const auditReportDeliveries = pgTable(
  'audit_report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => auditSubmissions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<DeliveredReport>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    firstOpenedAt: ts('first_opened_at'),
    deliveredById: text('delivered_by_id').notNull(),
    deliveredByEmail: text('delivered_by_email').notNull(),
    deliveredAt: ts('delivered_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_report_deliveries_delivered_at_idx').on(t.deliveredAt),
    uniqueIndex('audit_report_deliveries_token_idx').on(t.tokenHash),
    uniqueIndex('audit_report_deliveries_version_idx').on(t.submissionId, t.version),
  ],
);

/**
 * What staff did with a lead (docs/decisions/0030-leads.md): a note, an owner change, a reply sent from the
 * portal (its mail is `mail_id`), or a response made elsewhere. With the requests, their status changes, the
 * lead's mails and the report's first opening, these make the lead's timeline.
 */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: leadEventKinds }).notNull(),
    at: ts('at').notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    /** An owner change's `{ from, to }` (user ids or null), a reply's `{ replyTo }`. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.at)],
);

/**
 * Blobs an erasure or the retention sweep still has to delete (docs/privacy.md): the rows are gone in the
 * erasure's transaction, and the blobs it named are queued in the same one, so a store failure leaves a retry
 * here (the daily housekeeping takes it), never a document that outlives its person.
 */
export const blobDeletions = pgTable(
  'blob_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `documents` or `parts`: the store of src/features/uploads/stores.ts. */
    store: text('store').notNull(),
    key: text('key').notNull(),
    /** The erased lead (its row is gone; the id stays opaque). */
    leadId: uuid('lead_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('blob_deletions_store_key_idx').on(t.store, t.key)],
);

/**
 * Every Resend webhook event received (docs/decisions/0040-mail-replies-and-delivery.md), once by its Svix id:
 * a delivery again finds its id here and changes nothing. `detail` holds what it said (no message body); the
 * event is the lead's when it concerns one (erased with it), else kept until retention's sweep.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('webhook_events_received_idx').on(t.receivedAt), index('webhook_events_lead_idx').on(t.leadId)],
);

/** The schedulers whose webhooks the site takes (docs/decisions/0046-bookings-from-the-schedulers.md). */
export const bookingProviders = ['calendly', 'cal'] as const;
/** Where a booked call stands: on the calendar, cancelled by either side, missed by the invitee, or held. */
export const bookingStatuses = ['booked', 'cancelled', 'no_show', 'held'] as const;
/** What one scheduler event says of a call, in the site's words. */
export const bookingEventKinds = ['created', 'rescheduled', 'cancelled', 'no_show', 'held', 'ignored'] as const;

/** One question of the scheduler's booking form and the invitee's answer. */
export interface BookingAnswer {
  question: string;
  answer: string;
}

/** What a scheduler event said, normalised (booking-events.ts): the facts the booking is derived from. */
export interface BookingFacts {
  eventType?: string;
  startsAt?: string;
  endsAt?: string;
  name?: string;
  email?: string;
  timeZone?: string;
  answers?: BookingAnswer[];
  location?: string;
  host?: string;
  reason?: string;
  /** A cancellation that is one half of a reschedule (Calendly's `rescheduled: true`). */
  rescheduled?: boolean;
  attribution?: Attribution;
}

/**
 * One call booked through a scheduler (docs/decisions/0046-bookings-from-the-schedulers.md), on the lead of the
 * invitee's address. `keys` holds every provider id the call has had (Calendly's invitee URIs, Cal.com's booking
 * uids): a reschedule adds the new one, so however its events arrive the call stays one row. Every column but the
 * keys and the lead is derived from the call's stored events (`booking_events`) each time one arrives.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: bookingProviders }).notNull(),
    keys: text('keys').array().notNull(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    status: text('status', { enum: bookingStatuses }).notNull(),
    eventType: text('event_type').notNull().default(''),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    /** The invitee's time zone as the scheduler gave it (IANA), or ''. */
    timeZone: text('time_zone').notNull().default(''),
    inviteeName: text('invitee_name').notNull().default(''),
    inviteeEmail: text('invitee_email').notNull().default(''),
    answers: jsonb('answers').$type<BookingAnswer[]>().notNull().default([]),
    location: text('location').notNull().default(''),
    host: text('host').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    /** The first touch the booking link carried (utm_* and, on Cal.com, the landing path and referrer). */
    attribution: jsonb('attribution').$type<Attribution>(),
    /** The time of the call's first event at the scheduler. */
    bookedAt: ts('booked_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_lead_idx').on(t.leadId),
    index('bookings_keys_idx').using('gin', t.keys),
    index('bookings_status_starts_idx').on(t.status, t.startsAt),
    index('bookings_booked_at_idx').on(t.bookedAt),
  ],
);

/**
 * Every scheduler event received, once by the provider's own id (`<provider>:<event>:<invitee or booking id>`):
 * a delivery again finds its id here and changes nothing. `key` is the provider id it is about, `linked` the other
 * half of a reschedule; `facts` what it said. Erased with its lead; one that concerns no lead (an event type the
 * site ignores) goes with retention's sweep.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: bookingProviders }).notNull(),
    kind: text('kind', { enum: bookingEventKinds }).notNull(),
    key: text('key').notNull(),
    linked: text('linked'),
    /** When it happened at the scheduler (its own timestamp; the arrival time when it gives none). */
    at: ts('at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    facts: jsonb('facts').$type<BookingFacts>().notNull().default({}),
  },
  (t) => [
    index('booking_events_key_idx').on(t.key),
    index('booking_events_linked_idx').on(t.linked),
    index('booking_events_booking_idx').on(t.bookingId, t.at),
    index('booking_events_lead_idx').on(t.leadId),
    index('booking_events_received_idx').on(t.provider, t.receivedAt),
  ],
);

/** One attachment of a received mail: stored as a lead document, or named with why it was not. */
export const senderChecks = ['pass', 'fail', 'unknown'] as const;
export type SenderCheck = (typeof senderChecks)[number];

export interface InboundAttachmentNote {
  name: string;
  size: number;
  /** The stored document (lead_documents.id), or null when it failed the checks. */
  documentId: string | null;
  hasMacros: boolean;
  problem: string | null;
}

/**
 * A mail received on the reply domain: attached to its lead (`attached`), attached but from another address
 * (`other_sender`, the lead unchanged), or kept aside for an admin (`unmatched`: an unknown or forged token).
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Resend's id of the received mail: one row a mail, however often its event comes. */
    providerId: text('provider_id').notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    status: text('status', { enum: inboundStatuses }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull().default(''),
    /** The new text, the quoted history folded away (src/features/leads/reply-text.ts). */
    newText: text('new_text').notNull().default(''),
    fullText: text('full_text').notNull().default(''),
    attachments: jsonb('attachments').$type<InboundAttachmentNote[]>().notNull().default([]),
    /**
     * Whether the receiving server vouched for the From address (a DMARC pass in its Authentication-Results):
     * `pass`, `fail`, or `unknown` (no verdict); the portal warns unless `pass`.
     */
    senderCheck: text('sender_check', { enum: senderChecks }).notNull().default('unknown'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbound_messages_provider_idx').on(t.providerId),
    index('inbound_messages_lead_idx').on(t.leadId, t.receivedAt),
    index('inbound_messages_status_idx').on(t.status, t.receivedAt),
  ],
);

/** A document a lead sent by mail (an inbound message's attachment that passed the upload checks). */
export const leadDocuments = pgTable(
  'lead_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    inboundMessageId: uuid('inbound_message_id')
      .notNull()
      .references(() => inboundMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Its key in the documents store: `inbound/<leadId>/<random>.<ext>`. */
    filePath: text('file_path').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    hasMacros: boolean('has_macros').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lead_documents_file_path_idx').on(t.filePath), index('lead_documents_lead_idx').on(t.leadId)],
);

/**
 * A visitor's request for a gated resource's file (docs/decisions/0041-resource-downloads.md): it joins the lead of
 * its address (and starts no response clock); its private link is mailed, only its SHA-256 kept here. The link
 * opens the file `max_opens` times until `expires_at`; `first_opened_at` is the opening the timeline shows.
 */
export const downloadRequests = pgTable(
  'download_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The resource's file name in content/resources (its page is /resources/<resource>). */
    resource: text('resource').notNull(),
    /** Its title when asked for, so the timeline and the dashboard still name it if the file is renamed. */
    resourceTitle: text('resource_title').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    consentVersion: text('consent_version').notNull(),
    consentedAt: ts('consented_at').notNull(),
    isSpam: boolean('is_spam').notNull().default(false),
    spamReason: text('spam_reason'),
    attribution: jsonb('attribution').$type<Attribution>(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    maxOpens: integer('max_opens').notNull(),
    opens: integer('opens').notNull().default(0),
    firstOpenedAt: ts('first_opened_at'),
    lastOpenedAt: ts('last_opened_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('download_requests_token_idx').on(t.tokenHash),
    index('download_requests_lead_idx').on(t.leadId),
    index('download_requests_created_at_idx').on(t.createdAt),
  ],
);

/**
 * The intake funnel (docs/decisions/0032-attribution-and-dashboard.md): how many times each step of the wizard was
 * reached, and the intake sent, per day in the agency's time zone. Counters only: no visitor, address or
 * session is stored, so nobody can be followed through it.
 */
export const intakeFunnelDays = pgTable(
  'intake_funnel_days',
  {
    day: date('day').notNull(),
    step: text('step', { enum: funnelSteps }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.step] })],
);

/**
 * The site's visits (docs/decisions/0046-bookings-from-the-schedulers.md): how many visits began each day in the
 * agency's time zone, by the source derived from the first touch (src/lib/lead-source.ts), its `utm_campaign` and
 * its landing path ('' where the visit had none). Counters only: no visitor, address, session or user agent is
 * stored, so nobody can be followed through them; kept VISIT_COUNT_MONTHS, then swept by the daily housekeeping.
 */
export const visitDays = pgTable(
  'visit_days',
  {
    day: date('day').notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull().default(''),
    landingPath: text('landing_path').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.campaign, t.landingPath] })],
);

/**
 * A deploy preview's database is a copy of production's (docs/privacy.md, "Deploy previews"): the first
 * function to open it in a preview pseudonymises every person in it (src/db/preview-data.ts) and writes this
 * one row, so it runs once per database. Production never writes it.
 */
export const previewData = pgTable('preview_data', {
  /** Always 1: one row at most. */
  id: integer('id').primaryKey().default(1),
  pseudonymisedAt: ts('pseudonymised_at').notNull().defaultNow(),
  /** Rows changed or deleted, by table. */
  counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
});

/**
 * A closed deal, won or lost (docs/decisions/0047-pipeline.md): written when a lead reaches `won` or `lost`,
 * removed when it is reopened. It holds no person: an erasure sets `lead_id` to null and the row stays, unnamed,
 * so the period's won value, count and win rate, and the won value per first-touch source, campaign, landing page
 * and resource, stay what they were.
 */
export const closedDeals = pgTable(
  'closed_deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: ['won', 'lost'] }).notNull(),
    closedAt: ts('closed_at').notNull(),
    /** Whole US dollars; 0 when none was set. */
    value: integer('value').notNull().default(0),
    lostReason: text('lost_reason', { enum: lostReasons }),
    /** The lead's first touch: its source (src/lib/lead-source.ts), campaign and landing page, as they were. */
    source: text('source'),
    campaign: text('campaign'),
    landingPath: text('landing_path'),
    /** The title of the first resource the lead downloaded, if any. */
    resource: text('resource'),
    firstTouchAt: ts('first_touch_at').notNull(),
  },
  (t) => [uniqueIndex('closed_deals_lead_idx').on(t.leadId), index('closed_deals_closed_at_idx').on(t.closedAt)],
);

/**
 * What an admin set of the pipeline, per open stage: its win probability (the forecast's weight, percent) and the
 * days a deal may sit in it before it is stale. A stage without a row has the defaults of src/features/pipeline.
 */
export const pipelineStageSettings = pgTable('pipeline_stage_settings', {
  stage: text('stage', { enum: openStages }).primaryKey(),
  probability: integer('probability').notNull(),
  staleDays: integer('stale_days').notNull(),
  updatedAt: updatedAt(),
});

export type Lead = typeof leads.$inferSelect;
export type LeadEvent = typeof leadEvents.$inferSelect;
export type AuditSubmission = typeof auditSubmissions.$inferSelect;
export type NewAuditSubmission = typeof auditSubmissions.$inferInsert;
export type UploadedDocument = typeof uploadedDocuments.$inferSelect;
export type PendingUpload = typeof pendingUploads.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type DownloadRequest = typeof downloadRequests.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type BookingEvent = typeof bookingEvents.$inferSelect;
export type BookingProvider = (typeof bookingProviders)[number];
export type BookingStatus = (typeof bookingStatuses)[number];
export type BookingEventKind = (typeof bookingEventKinds)[number];
export type NewContactMessage = typeof contactMessages.$inferInsert;
export type BlogPost = typeof blogPosts.$inferSelect;
export type UserRole = typeof userRoles.$inferSelect;
export type User = typeof users.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;
export type InboundMessage = typeof inboundMessages.$inferSelect;
export type LeadDocument = typeof leadDocuments.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type AuditReportRow = typeof auditReports.$inferSelect;
export type AuditReportDelivery = typeof auditReportDeliveries.$inferSelect;

/**
 * The latest run of each scheduled function (mail-drain, lead-alerts, upload-cleanup, housekeeping,
 * weekly-summary), one row each, written by src/features/system/scheduled-runs.ts: the portal's System page says when each
 * last ran and whether it failed (docs/decisions/0042-agency-runs-it-alone.md).
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: text('name').primaryKey(),
  startedAt: ts('started_at').notNull(),
  finishedAt: ts('finished_at'),
  ok: boolean('ok'),
  /** The failure, one line without addresses or keys (shownReason), or null. */
  error: text('error'),
});
