/**
 * Shared by the lead alert tests (alerts.test.ts, alerts-slack.test.ts): the test database, a fixed now, an owner,
 * leads waiting with a chosen due time, and the outbox as the tests read it.
 */
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, vi } from 'vitest';
import { leads, mailOutbox, rateLimits, userRoles, users } from '../../../src/db/schema.ts';
import { queueLeadAlerts } from '../../../src/features/leads/alerts.ts';
import { attachToLead } from '../../../src/features/leads/lead-link.ts';
import { DIRECT } from '../../fixtures/lead.ts';
import { useTestDatabase } from '../test-db.ts';

export const handle = useTestDatabase({ empty: [mailOutbox, leads, users, userRoles, rateLimits] });

export const HOUR = 3_600_000;
/** A Thursday, 10:00 AM in New York. */
export const NOW = new Date('2026-11-26T15:00:00Z');
export const hoursFrom = (date: Date, hours: number) => new Date(date.getTime() + hours * HOUR);

export const owner = { id: 'user-owner', name: 'Olga Owner', email: 'olga@agency.test' };

let n = 0;
/** How many leads waitingLead made so far (the last one's number). */
export const leadCount = () => n;

/** A lead waiting since 24 hours before its due time, due `dueInHours` after NOW (negative: past). */
export async function waitingLead(
  dueInHours: number,
  options: { owned?: boolean; spam?: boolean; name?: string } = {},
) {
  const i = ++n;
  const email = `lead${i}@client.test`;
  const since = hoursFrom(NOW, dueInHours - 24);
  const id = await attachToLead(
    handle.db,
    { email, name: options.name ?? `Lead ${i}`, company: `Company ${i}`, phone: '' },
    since,
    false,
    DIRECT,
  );
  await handle.db
    .update(leads)
    .set({
      awaitingSince: since,
      responseDueAt: hoursFrom(NOW, dueInHours),
      isSpam: options.spam ?? false,
      ownerId: options.owned ? owner.id : null,
    })
    .where(eq(leads.id, id));
  return { id, email, since };
}

/** Every outbox row, by kind, then oldest first. */
export const outbox = () =>
  handle.db.select().from(mailOutbox).orderBy(asc(mailOutbox.kind), asc(mailOutbox.createdAt));

/** One run of the alerts at `at`, without Slack unless told. */
export const run = (at = NOW, slack = false) => queueLeadAlerts(handle.db, at, slack);

beforeEach(async () => {
  await handle.db.insert(users).values({ ...owner, emailVerified: true });
  // Staff: an owner who holds no role (removed from staff) is never mailed a lead's alert.
  await handle.db.insert(userRoles).values({ userId: owner.id, role: 'editor' });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
