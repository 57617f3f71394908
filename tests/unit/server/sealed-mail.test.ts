/**
 * Links in the outbox, tried as someone holding a copy of the database would: a report's private link and a
 * password-reset link are never in a stored row in clear text, before or after the mail is sent; only the
 * copy handed to the provider carries them (src/server/mail/sealed.ts).
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-db.ts';
import { mailOutbox, rateLimits } from '../../../src/db/schema.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { drainOutbox } from '../../../src/server/mail/sender.ts';
import { recorder } from './mail-recorder.ts';
import { SEALED_PLACEHOLDER, seal, unseal, withSecret } from '../../../src/server/mail/sealed.ts';
import { passwordResetMail } from '../../../src/server/mail/templates.ts';
import { reportDeliveredMail } from '../../../src/features/reports/mail.ts';

const handle = useTestDatabase({ empty: [mailOutbox, rateLimits], serviceOnly: true });

const token = 'Tk_0123456789abcdefghijklmnopqrstuvwxyzABCDE';
const reportUrl = `https://bolesta.example/report/${token}`;
const resetUrl = `https://bolesta.example/admin?reset=${token.slice(0, 30)}`;

const rowsText = async () => JSON.stringify(await handle.db.select().from(mailOutbox));

describe('sealed links', () => {
  it('round-trips, and refuses a sealed value that was altered', () => {
    const sealed = seal(reportUrl);
    expect(sealed).not.toContain(token);
    expect(unseal(sealed)).toBe(reportUrl);
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(() => unseal([v, iv, tag, flipped].join('.'))).toThrow(/cannot be opened/);
  });

  it('keeps a report link out of the stored mail, hands it to the provider, and drops the sealed copy once sent', async () => {
    const mail = reportDeliveredMail({
      to: 'grace@helix.example',
      contactName: 'Grace',
      companyName: 'Helix',
      link: reportUrl,
    });
    await enqueueMail(handle.db, 'report:1', [mail]);
    expect(await rowsText()).not.toContain(token);
    const [row] = await handle.db.select().from(mailOutbox);
    expect(row!.textBody).toContain(SEALED_PLACEHOLDER);
    expect(row!.sealed).toBeTruthy();

    const provider = recorder();
    expect(await drainOutbox(handle.db, provider.transport, new Date(), 25, null)).toEqual({ sent: 1, failed: 0 });
    expect(provider.delivered[0]!.textBody).toContain(reportUrl);
    expect(provider.delivered[0]!.htmlBody).toContain(`<a href="${reportUrl}">${reportUrl}</a>`);
    expect(provider.delivered[0]!.textBody).not.toContain(SEALED_PLACEHOLDER);

    const [sent] = await handle.db.select().from(mailOutbox);
    expect(sent).toMatchObject({ status: 'sent', sealed: null });
    expect(await rowsText()).not.toContain(token);
  });

  it('seals a password-reset link the same way (an escaped & in the HTML included)', async () => {
    const url = `${resetUrl}&next=%2Fadmin`;
    await enqueueMail(handle.db, 'auth.reset:x', [passwordResetMail({ to: 'ada@lab.example', url, validMinutes: 60 })]);
    expect(await rowsText()).not.toContain(token.slice(0, 30));
    const [row] = await handle.db.select().from(mailOutbox);
    expect(withSecret(row!).htmlBody).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
  });

  it('leaves a mail whose sealed link cannot be opened pending with the reason, never sent without its link', async () => {
    await enqueueMail(handle.db, 'report:2', [
      reportDeliveredMail({ to: 'grace@helix.example', contactName: 'Grace', companyName: 'Helix', link: reportUrl }),
    ]);
    await handle.db.update(mailOutbox).set({ sealed: 'v1.AAAA.AAAA.AAAA' });
    const provider = recorder();
    expect(await drainOutbox(handle.db, provider.transport, new Date(), 25, null)).toEqual({ sent: 0, failed: 1 });
    expect(provider.delivered).toEqual([]);
    const [row] = await handle.db.select().from(mailOutbox);
    expect(row!.lastError).toMatch(/sealed link/);
  });
});
