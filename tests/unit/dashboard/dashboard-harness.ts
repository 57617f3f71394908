/**
 * Shared by the dashboard tests: the test database emptied before each test, and rows written straight into it
 * with known moments (leads, audit requests, report deliveries, funnel counters), so each figure can be
 * computed by hand.
 */
import { randomUUID } from 'node:crypto';
import {
  auditReportDeliveries,
  auditSubmissions,
  contactMessages,
  downloadRequests,
  inboundMessages,
  type FunnelStep,
  intakeFunnelDays,
  type LeadForm,
  leads,
  mailOutbox,
  rateLimits,
  userRoles,
  users,
} from '../../../src/db/schema.ts';
import type { Attribution } from '../../../src/lib/forms/attribution.schema.ts';
import type { DeliveredReport } from '../../../src/lib/audit-report.ts';
import { getDashboard } from '../../../src/features/dashboard/dashboard.ts';
import { useTestDatabase } from '../test-db.ts';

export const handle = useTestDatabase({
  empty: [mailOutbox, auditReportDeliveries, auditSubmissions, leads, intakeFunnelDays, userRoles, users, rateLimits],
});

export const HOUR = 3_600_000;
export const at = (iso: string) => new Date(iso);
export const plusHours = (date: Date | string, hours: number) => new Date(new Date(date).getTime() + hours * HOUR);

export interface LeadRow {
  requested: string;
  responded?: Date | string | null;
  source?: string | null;
  form?: LeadForm | null;
  spam?: boolean;
  attribution?: Attribution | null;
  /** Nothing waits on us though unanswered (no clock runs): by default, a lead whose form is `download`. */
  noClock?: boolean;
}

/** A lead first seen at `requested` (ISO, UTC), answered at `responded` if given. */
export async function addLead(row: LeadRow): Promise<string> {
  const email = `${randomUUID()}@client.test`;
  const [lead] = await handle.db
    .insert(leads)
    .values({
      emailKey: email,
      email,
      firstRequestAt: at(row.requested),
      lastActivityAt: at(row.requested),
      firstResponseAt: row.responded ? new Date(row.responded) : null,
      // Unanswered, the lead waits on us from its first request (as a request's store sets it).
      awaitingSince: row.responded || (row.noClock ?? row.form === 'download') ? null : at(row.requested),
      source: row.source ?? null,
      firstForm: row.form === undefined ? 'message' : row.form,
      isSpam: row.spam ?? false,
      attribution: row.attribution ?? null,
    })
    .returning({ id: leads.id });
  return lead!.id;
}

/** An audit request (the intake) made at `created` (ISO, UTC). */
export async function addAudit(created: string, options: { spam?: boolean } = {}): Promise<string> {
  const leadId = await addLead({ requested: created, form: 'intake', spam: options.spam });
  const [row] = await handle.db
    .insert(auditSubmissions)
    .values({
      leadId,
      source: 'intake',
      contactName: 'Grace Hopper',
      contactEmail: 'grace@example.com',
      companyName: 'Acme Bioanalytical',
      consentVersion: 'test',
      consentedAt: at(created),
      isSpam: options.spam ?? false,
      createdAt: at(created),
      updatedAt: at(created),
    })
    .returning({ id: auditSubmissions.id });
  return row!.id;
}

let version = 0;
/** One delivered version of a submission's report, delivered at `delivered` and first opened at `opened`. */
export async function addDelivery(submissionId: string, delivered: Date | string, opened?: Date | string) {
  await handle.db.insert(auditReportDeliveries).values({
    submissionId,
    version: ++version,
    content: {} as DeliveredReport,
    tokenHash: randomUUID(),
    expiresAt: plusHours(delivered, 24 * 90),
    firstOpenedAt: opened ? new Date(opened) : null,
    deliveredById: 'user-editor',
    deliveredByEmail: 'editor@example.com',
    deliveredAt: new Date(delivered),
  });
}

/** A request for `resource`'s file by a lead at `created`, its link first opened at `opened` (decision 41). */
export async function addDownload(
  leadId: string,
  resource: string,
  created: string,
  options: { opened?: string; spam?: boolean } = {},
) {
  const title = resource === 'cro-marketing-toolkit' ? 'CRO Marketing Toolkit' : 'U.S. Market Guide';
  await handle.db.insert(downloadRequests).values({
    leadId,
    resource,
    resourceTitle: title,
    name: 'Ada',
    email: 'ada@client.test',
    consentVersion: 'test',
    consentedAt: at(created),
    isSpam: options.spam ?? false,
    tokenHash: randomUUID(),
    expiresAt: plusHours(created, 24 * 7),
    maxOpens: 5,
    opens: options.opened ? 1 : 0,
    firstOpenedAt: options.opened ? at(options.opened) : null,
    createdAt: at(created),
  });
}

/** A contact message of a lead at `created`, or a mail it wrote back at `created` (`mail`). */
export async function addWritten(leadId: string, created: string, how: 'message' | 'mail', spam = false) {
  if (how === 'mail') {
    await handle.db.insert(inboundMessages).values({
      providerId: randomUUID(),
      leadId,
      status: 'attached',
      fromAddress: 'ada@client.test',
      toAddress: 'reply+x@reply.test',
      receivedAt: at(created),
    });
    return;
  }
  await handle.db.insert(contactMessages).values({
    leadId,
    name: 'Ada',
    email: 'ada@client.test',
    message: 'Can we talk?',
    consentVersion: 'test',
    consentedAt: at(created),
    isSpam: spam,
    createdAt: at(created),
  });
}

/** An audit request of an existing lead at `created`. */
export async function addAuditOf(leadId: string, created: string) {
  await handle.db.insert(auditSubmissions).values({
    leadId,
    source: 'contact_page',
    contactName: 'Ada',
    contactEmail: 'ada@client.test',
    companyName: 'Analytical Labs',
    consentVersion: 'test',
    consentedAt: at(created),
    createdAt: at(created),
    updatedAt: at(created),
  });
}

/** The funnel's counter of `step` on `day`. */
export const addFunnel = (day: string, step: FunnelStep, count: number) =>
  handle.db.insert(intakeFunnelDays).values({ day, step, count });

/** The dashboard of the days `from` to `to`. */
export const dashboard = (from: string, to: string) => getDashboard(handle.db, { from, to });
