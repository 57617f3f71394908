/**
 * The confirmation caps of the outbox: per recipient a day (UTC) and site-wide a clock hour, counters taken in
 * the submit's statement (src/server/mail/outbox.ts). A confirmation over a cap is recorded as `capped` and never
 * sent; staff notifications and account mails are never capped. Under test:pg this runs on PostgreSQL 15 too.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { site } from '../../../src/config/site.ts';
import { contactMessages, idempotencyKeys, leads, mailOutbox, rateLimits } from '../../../src/db/schema.ts';
import { contactSchema } from '../../../src/lib/forms/contact.schema.ts';
import { submitContactMessage } from '../../../src/features/leads/contact-messages.ts';
import { CONFIRMATION_CAPS, enqueueMail } from '../../../src/server/mail/outbox.ts';
import { drainOutbox } from '../../../src/server/mail/sender.ts';
import { recorder } from './mail-recorder.ts';
import { verificationMail } from '../../../src/server/mail/templates.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { useTestDatabase } from '../test-db.ts';

const { perRecipientPerDay: PER_DAY, siteWidePerHour: PER_HOUR } = CONFIRMATION_CAPS;

const handle = useTestDatabase({
  empty: [mailOutbox, idempotencyKeys, contactMessages, rateLimits, leads],
  serviceOnly: true,
});

/** One contact submit to `email` through the service at `now` (no drain: what it queued stays as queued). */
const submit = (email: string, now = new Date()) =>
  submitContactMessage(
    handle.db,
    contactSchema.parse({ ...contactPayload(), email, message: 'https://evil.example' }),
    now,
  );
const outbox = () => handle.db.select().from(mailOutbox);
const confirmationStatuses = async (to?: string) =>
  (await outbox())
    .filter((m) => m.kind === 'contact.confirmation' && (!to || m.to === to))
    .map((m) => m.status)
    .sort();
const HOUR = 3600_000;
/** A moment in the middle of a UTC day and of its hour, so that `+ n hours` stays or leaves it as meant. */
const noon = new Date('2026-11-27T12:30:00Z');
const later = (hours: number) => new Date(noon.getTime() + hours * HOUR);

describe('confirmation caps', () => {
  it(`queues ${PER_DAY} confirmations to one address a day, records the rest as capped, never caps staff`, async () => {
    for (let n = 0; n < PER_DAY + 2; n++) await submit('victim@bank.example', noon);
    expect(await confirmationStatuses()).toEqual([...Array(2).fill('capped'), ...Array(PER_DAY).fill('pending')]);
    const staff = (await outbox()).filter((m) => m.kind === 'contact.staff');
    expect(staff.map((m) => [m.to, m.status])).toEqual(Array(PER_DAY + 2).fill([site.staffInbox, 'pending']));
    expect(await handle.db.select().from(contactMessages)).toHaveLength(PER_DAY + 2);
  });

  it('the sender never sends a capped confirmation, and leaves it capped', async () => {
    for (let n = 0; n < PER_DAY + 2; n++) await submit('victim@bank.example');
    const { transport, delivered } = recorder();
    const later = new Date(Date.now() + 60_000);
    expect(await drainOutbox(handle.db, transport, later)).toEqual({ sent: 2 * PER_DAY + 2, failed: 0 });
    expect(delivered.filter((m) => m.kind === 'contact.confirmation')).toHaveLength(PER_DAY);
    expect(delivered.every((m) => m.status === 'pending')).toBe(true);
    expect(await drainOutbox(handle.db, transport, new Date(later.getTime() + 86_400_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    const capped = (await outbox()).filter((m) => m.status === 'capped');
    expect(capped).toHaveLength(2);
    expect(capped.every((m) => m.attempts === 0 && m.sentAt === null && m.providerId === null)).toBe(true);
  });

  it('counts an address for its day (UTC) only, and the address case-insensitively', async () => {
    // Confirmations queued by another path, to the address written otherwise, count too.
    await enqueueMail(
      handle.db,
      'old',
      Array.from({ length: PER_DAY }, (_, n) => ({
        kind: `test${n}.confirmation`,
        to: 'Victim@Bank.Example',
        subject: 's',
        text: 't',
        html: 'h',
      })),
      noon,
    );
    await submit('victim@bank.example', later(11));
    expect(await confirmationStatuses()).toEqual(['capped']);
    await submit(' VICTIM@bank.example ', later(12));
    expect(await confirmationStatuses()).toEqual(['capped', 'pending']);
  });

  it(`records a site-wide burst over ${PER_HOUR} confirmations an hour as capped, then lets mail through again`, async () => {
    for (let n = 0; n < PER_HOUR + 3; n++) await submit(`lead${n}@burst.example`, noon);
    expect((await confirmationStatuses()).filter((s) => s === 'capped')).toHaveLength(3);
    expect((await confirmationStatuses()).filter((s) => s === 'pending')).toHaveLength(PER_HOUR);
    expect((await outbox()).filter((m) => m.kind === 'contact.staff' && m.status === 'pending')).toHaveLength(
      PER_HOUR + 3,
    );
    // The addresses whose confirmation the site's hour refused were not counted against their own day.
    await submit('lead101@burst.example', later(1));
    await submit('after@burst.example', later(1));
    expect(await confirmationStatuses('lead101@burst.example')).toEqual(['capped', 'pending']);
    expect(await confirmationStatuses('after@burst.example')).toEqual(['pending']);
  });

  it('caps 200 concurrent submits for one address exactly', async () => {
    await Promise.all(Array.from({ length: 200 }, () => submit('victim@bank.example', noon)));
    const statuses = await confirmationStatuses();
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(PER_DAY);
    expect(statuses.filter((s) => s === 'capped')).toHaveLength(200 - PER_DAY);
  });

  it('caps 200 concurrent submits for 200 addresses exactly at the site-wide hour', async () => {
    await Promise.all(Array.from({ length: 200 }, (_, n) => submit(`lead${n}@many.example`, noon)));
    const statuses = await confirmationStatuses();
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(PER_HOUR);
    expect(statuses.filter((s) => s === 'capped')).toHaveLength(200 - PER_HOUR);
    expect((await outbox()).filter((m) => m.kind === 'contact.staff')).toHaveLength(200);
  });

  it('keeps no address in its counters', async () => {
    await submit('victim@bank.example', noon);
    const keys = (await handle.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.startsWith('mail-cap:to:'))).toBe(true);
    expect(keys.join(' ')).not.toMatch(/victim|bank/);
  });

  it('never caps an account mail, even to an address over its confirmation cap', async () => {
    for (let n = 0; n < PER_DAY + 1; n++) await submit('victim@bank.example', noon);
    await enqueueMail(handle.db, `auth.verify:${randomUUID()}`, [
      verificationMail({ to: 'victim@bank.example', url: 'https://bolesta.example/x', validMinutes: 60 }),
    ]);
    const [verify] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'auth.verify'));
    expect(verify!.status).toBe('pending');
  });
});
