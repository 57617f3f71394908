/**
 * The public forms as a mail relay, tried as an attacker would: a confirmation goes to any typed address
 * from our domain, so it must echo none of the typed text, and only a few may go to one address or out
 * of the site in an hour. The submits themselves are still stored and the staff still hear of every one.
 */
import { describe, expect, it } from 'vitest';
import audits from '../../../netlify/functions/audits.mts';
import auth from '../../../netlify/functions/auth.mts';
import contact from '../../../netlify/functions/contact.mts';
import { site } from '../../../src/config/site.ts';
import {
  accounts,
  auditSubmissions,
  authRateLimits,
  contactMessages,
  idempotencyKeys,
  mailOutbox,
  rateLimits,
  uploadTokens,
  users,
  verifications,
} from '../../../src/db/schema.ts';
import { NAME_MAX } from '../../../src/lib/forms/person-name.schema.ts';
import { CONFIRMATION_CAPS } from '../../../src/server/mail/outbox.ts';
import { contactPayload, intakePayload, shortAuditPayload } from '../../fixtures/forms.ts';
import { quietConsole, useTestDatabase } from '../test-db.ts';
import { call } from '../function-harness.ts';

quietConsole('log', 'warn'); // log: the console transport prints each mail
const handle = useTestDatabase({
  empty: [
    mailOutbox,
    idempotencyKeys,
    contactMessages,
    uploadTokens,
    auditSubmissions,
    rateLimits,
    verifications,
    accounts,
    users,
    authRateLimits,
  ],
});

const victim = 'victim@bank.example';
const lure =
  'URGENT: your account is locked. Sign in at https://bank-login.example/verify?u=1 or www.bank-login.example ' +
  'and confirm your card at http://evil.example/pay. '.repeat(20);
const mails = () => handle.db.select().from(mailOutbox);
const typed = /bank-login|evil\.example|URGENT|locked/i;
/** The links of a mail that are not the site's own (the strategy-call booking page). */
const foreignLinks = (text: string) =>
  (text.match(/https?:\/\/[^\s,<"]+|www\.\S+/g) ?? []).filter((url) => url !== site.scheduling.strategyCall);

/** Every place a reader sees of a queued mail. */
const shown = (m: { subject: string; textBody: string; htmlBody: string }) =>
  `${m.subject}\n${m.textBody}\n${m.htmlBody}`;

describe('a relay attempt through the contact form', () => {
  it('sends the victim 3 confirmations with none of the message, records 2 as capped, and tells staff all 5', async () => {
    for (let n = 0; n < 5; n++) {
      const res = await call(contact, '/api/contact', {
        ...contactPayload(),
        name: 'Your Bank Security Team',
        email: victim,
        company: 'Bank https://bank-login.example',
        message: lure,
      });
      expect(res.status).toBe(201);
    }
    expect(await handle.db.select().from(contactMessages)).toHaveLength(5);

    const queued = await mails();
    const confirmations = queued.filter((m) => m.kind === 'contact.confirmation');
    expect(confirmations.map((m) => m.to)).toEqual(Array(5).fill(victim));
    for (const m of confirmations) {
      expect(shown(m)).not.toMatch(typed);
      expect(foreignLinks(shown(m))).toEqual([]);
      expect(shown(m)).not.toContain('Your Bank Security Team');
      expect(m.textBody).toMatch(/Hello,/);
      expect(m.textBody).toMatch(/within 24 hours/);
      expect(m.textBody).toContain('Company: Bank');
    }
    // The drain sent the three under the cap (nothing else was due); the other two are recorded only.
    expect(confirmations.filter((m) => m.status === 'capped')).toHaveLength(5 - CONFIRMATION_CAPS.perRecipientPerDay);
    expect(confirmations.filter((m) => m.status === 'sent')).toHaveLength(CONFIRMATION_CAPS.perRecipientPerDay);
    expect(confirmations.filter((m) => m.status === 'capped').every((m) => m.attempts === 0 && !m.sentAt)).toBe(true);

    const staff = queued.filter((m) => m.kind === 'contact.staff');
    expect(staff).toHaveLength(5);
    for (const m of staff) {
      expect(m.to).toBe(site.staffInbox);
      expect(m.status).toBe('sent');
      expect(m.textBody).toContain('https://bank-login.example/verify?u=1');
      expect(m.textBody).toContain('Your Bank Security Team');
    }
  });

  it('counts the address case-insensitively and per address: another victim still gets theirs', async () => {
    for (const email of ['Victim@Bank.example', 'VICTIM@bank.example', victim, 'victim@BANK.EXAMPLE']) {
      expect((await call(contact, '/api/contact', { ...contactPayload(), email })).status).toBe(201);
    }
    expect((await call(contact, '/api/contact', { ...contactPayload(), email: 'other@bank.example' })).status).toBe(
      201,
    );
    const confirmations = (await mails()).filter((m) => m.kind === 'contact.confirmation');
    const statuses = (to: string) => confirmations.filter((m) => m.to === to).map((m) => m.status);
    expect(statuses(victim).sort()).toEqual(['capped', 'sent', 'sent', 'sent']);
    expect(statuses('other@bank.example')).toEqual(['sent']);
  });
});

describe('a relay attempt through the audit forms', () => {
  it('confirms the short form and the intake with the promises and the company only', async () => {
    const short = {
      ...shortAuditPayload(),
      workEmail: victim,
      companyName: 'www.bank-login.example',
      websiteUrl: 'https://bank-login.example/verify',
      goals: lure,
      otherPainPoint: lure.slice(0, 200),
      painPoints: ['other'],
    };
    const intake = { ...intakePayload(), workEmail: 'other@bank.example', brandStory: lure };
    expect((await call(audits, '/api/audits', short)).status).toBe(201);
    expect((await call(audits, '/api/audits', intake)).status).toBe(201);

    const queued = await mails();
    const confirmations = queued.filter((m) => m.kind === 'audit.confirmation');
    expect(confirmations).toHaveLength(2);
    for (const m of confirmations) {
      expect(shown(m)).not.toMatch(typed);
      expect(foreignLinks(shown(m))).toEqual([]);
      expect(m.textBody).toMatch(/within 24 hours/);
      expect(m.textBody).toMatch(/72 hours/);
      expect(m.textBody).not.toContain('Fill our new GMP suite');
    }
    expect(confirmations.find((m) => m.to === victim)!.textBody).toContain('Company: your company');
    expect(confirmations.find((m) => m.to === 'other@bank.example')!.textBody).toContain('Company: mRNA Labs');
    const staff = queued.filter((m) => m.kind === 'audit.staff');
    expect(staff).toHaveLength(2);
    expect(staff.every((m) => m.textBody.includes('https://bank-login.example/verify'))).toBe(true);
  });
});

describe('names', () => {
  const long = 'N'.repeat(NAME_MAX + 1);

  it(`answers a name over ${NAME_MAX} characters or with a web address with 422 naming the field`, async () => {
    const cases: [typeof contact, string, Record<string, unknown>, string][] = [
      [contact, '/api/contact', { ...contactPayload(), name: long }, 'name'],
      [contact, '/api/contact', { ...contactPayload(), name: 'Grace www.evil.example' }, 'name'],
      [contact, '/api/contact', { ...contactPayload(), name: 'see https://evil.example' }, 'name'],
      [audits, '/api/audits', { ...shortAuditPayload(), fullName: long }, 'fullName'],
      [audits, '/api/audits', { ...intakePayload(), fullName: long }, 'fullName'],
      [audits, '/api/audits', { ...intakePayload(), fullName: 'Katalin http://evil.example' }, 'fullName'],
    ];
    for (const [handler, path, body, field] of cases) {
      const res = await call(handler, path, body);
      expect(res.status, `${path} ${field}`).toBe(422);
      const { error } = await res.json();
      expect(error.code).toBe('invalid_fields');
      expect(Object.keys(error.fields)).toEqual([field]);
      expect(error.fields[field]).toMatch(new RegExp(`under ${NAME_MAX} characters|without a web address`));
    }
    // A name of exactly the cap is fine.
    const res = await call(contact, '/api/contact', { ...contactPayload(), name: 'N'.repeat(NAME_MAX) });
    expect(res.status).toBe(201);
    expect(await handle.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('refuses a sign-up whose name is over the cap or holds a web address, and mails nobody', async () => {
    const signUp = (name: string, n: number) =>
      call(auth, '/api/auth/sign-up/email', {
        email: `target${n}@bank.example`,
        password: 'correct horse battery',
        name,
        callbackURL: '/admin',
      });
    for (const [n, name] of [long, 'Claim at www.evil.example', 'https://evil.example'].entries()) {
      const res = await signUp(name, n);
      expect(res.status, name).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_NAME' });
    }
    expect(await handle.db.select().from(users)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);

    expect((await signUp('Rosalind Franklin', 9)).status).toBe(200);
    const [verify] = await mails();
    expect(verify!.kind).toBe('auth.verify');
    expect(shown(verify!)).not.toContain('Rosalind');
  });
});
