/**
 * The confirmation caps of the outbox: per recipient a day and site-wide an hour, counted from the outbox
 * in the submit's transaction. A confirmation over a cap is recorded as `capped` and never sent; staff
 * notifications and account mails are never capped.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { site } from '../../../src/config/site.ts';
import { contactMessages, idempotencyKeys, mailOutbox } from '../../../src/db/schema.ts';
import { contactSchema } from '../../../src/lib/forms/contact.schema.ts';
import { submitContactMessage } from '../../../src/features/leads/contact-messages.ts';
import { CONFIRMATION_CAPS, enqueueMail } from '../../../src/server/mail/outbox.ts';
import { drainOutbox } from '../../../src/server/mail/sender.ts';
import { recorder } from './mail-recorder.ts';
import { verificationMail } from '../../../src/server/mail/templates.ts';
import { contactPayload } from '../../fixtures/forms.ts';
import { useTestDatabase } from '../test-db.ts';

const { perRecipientPerDay: PER_DAY, siteWidePerHour: PER_HOUR } = CONFIRMATION_CAPS;

const handle = useTestDatabase({ empty: [mailOutbox, idempotencyKeys, contactMessages], serviceOnly: true });

/** One contact submit to `email` through the service (no drain: what it queued stays as queued). */
const submit = (email: string) =>
  submitContactMessage(handle.db, contactSchema.parse({ ...contactPayload(), email, message: 'https://evil.example' }));
const outbox = () => handle.db.select().from(mailOutbox);
const confirmationStatuses = async (to?: string) =>
  (await outbox())
    .filter((m) => m.kind === 'contact.confirmation' && (!to || m.to === to))
    .map((m) => m.status)
    .sort();
/** Moves every row queued so far `minutes` into the past. */
const age = (minutes: number) =>
  handle.db.update(mailOutbox).set({ createdAt: sql`${mailOutbox.createdAt} - make_interval(mins => ${minutes})` });

describe('confirmation caps', () => {
  it(`queues ${PER_DAY} confirmations to one address a day, records the rest as capped, never caps staff`, async () => {
    for (let n = 0; n < PER_DAY + 2; n++) await submit('victim@bank.example');
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

  it('counts an address for 24 hours only, and the address case-insensitively', async () => {
    // Rows written by another path (or before emails were lower-cased) still count.
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
    );
    await submit('victim@bank.example');
    expect(await confirmationStatuses()).toEqual(['capped']);
    await age(24 * 60 + 1);
    await submit('victim@bank.example');
    expect(await confirmationStatuses()).toEqual(['capped', 'pending']);
  });

  it(`records a site-wide burst over ${PER_HOUR} confirmations an hour as capped, then lets mail through again`, async () => {
    for (let n = 0; n < PER_HOUR + 3; n++) await submit(`lead${n}@burst.example`);
    expect((await confirmationStatuses()).filter((s) => s === 'capped')).toHaveLength(3);
    expect((await confirmationStatuses()).filter((s) => s === 'pending')).toHaveLength(PER_HOUR);
    expect((await outbox()).filter((m) => m.kind === 'contact.staff' && m.status === 'pending')).toHaveLength(
      PER_HOUR + 3,
    );
    await age(61);
    await submit('after@burst.example');
    expect(await confirmationStatuses('after@burst.example')).toEqual(['pending']);
  });

  it('caps concurrent submits exactly: they count one after the other', async () => {
    await Promise.all(Array.from({ length: 8 }, () => submit('victim@bank.example')));
    expect((await confirmationStatuses()).filter((s) => s === 'pending')).toHaveLength(PER_DAY);
  });

  it('never caps an account mail, even to an address over its confirmation cap', async () => {
    for (let n = 0; n < PER_DAY + 1; n++) await submit('victim@bank.example');
    await enqueueMail(handle.db, `auth.verify:${randomUUID()}`, [
      verificationMail({ to: 'victim@bank.example', url: 'https://bolesta.example/x', validMinutes: 60 }),
    ]);
    const [verify] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'auth.verify'));
    expect(verify!.status).toBe('pending');
  });
});
