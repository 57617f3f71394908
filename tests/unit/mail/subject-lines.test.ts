/**
 * Review item 7 (docs/security.md): a visitor's name or company with a line break and a header after it
 * (`Ada\r\n Bcc: x@y`) never makes a second line in a mail's subject, in the builders that put visitor input
 * there and, whatever builds a mail, in the outbox row that the sender reads.
 */
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/db/schema.ts';
import { leadAssignedMail, leadReplyMail } from '../../../src/features/leads/lead-mail.ts';
import { oneLine } from '../../../src/lib/one-line.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { auditMails, contactMails } from '../../../src/server/mail/templates.ts';
import { useTestDatabase } from '../test-db.ts';

const attack = 'Ada Lovelace\r\n Bcc: x@y.example';
const singleLine = (subject: string) => {
  expect(subject).not.toMatch(/[\r\n\u2028\u2029\u0085]/);
  expect(subject).toContain('Ada Lovelace Bcc: x@y.example');
};

describe('oneLine', () => {
  it('turns CR, LF, tabs, NUL, Unicode line separators and invisible format characters into single spaces', () => {
    expect(oneLine('  a\r\nb\tc\0d\u2028e\u2029f\u200bg\u202eh\u0085i  ')).toBe('a b c d e f g h i');
    expect(oneLine('Ada Lovelace')).toBe('Ada Lovelace');
  });
});

describe('subjects built from what a visitor typed are one line', () => {
  it('"lead assigned to you" with the name and company of the public form', () => {
    const mail = leadAssignedMail({
      id: 'l1',
      name: attack,
      email: 'ada@example.com',
      company: 'Acme\nX-Injected: 1',
      responseDueAt: null,
      ownerEmail: 'owner@example.com',
      assignedBy: 'Grace',
    });
    singleLine(mail.subject);
    expect(mail.subject).toBe('Lead assigned to you: Ada Lovelace Bcc: x@y.example (Acme X-Injected: 1)');
  });

  it('a reply whose subject carries a line break', () => {
    const mail = leadReplyMail({
      to: 'ada@example.com',
      replyTo: 'owner@example.com',
      subject: `Re: ${attack}`,
      body: 'Hello',
      signedBy: 'Grace',
    });
    singleLine(mail.subject);
  });

  it("the staff notices of a contact message and an audit request (the visitor's name and company)", () => {
    const [contact] = contactMails({
      id: 'm1',
      name: attack,
      email: 'ada@example.com',
      company: 'Acme',
      message: 'Hi',
      subscribe: false,
    });
    singleLine(contact!.subject);
    const [audit] = auditMails({
      id: 'a1',
      source: 'contact_page',
      contactName: attack,
      contactEmail: 'ada@example.com',
      companyName: 'Acme\r\n',
      sections: [],
    });
    singleLine(audit!.subject);
  });
});

describe('the outbox', () => {
  const handle = useTestDatabase({ empty: [mailOutbox], serviceOnly: true });

  it('stores any mail’s subject as one line, whoever built it', async () => {
    await enqueueMail(handle.db, 'subject-test', [
      { kind: 'test.raw', to: 'staff@example.com', subject: `Hand-made: ${attack}`, text: 't', html: '<p>t</p>' },
    ]);
    const [row] = await handle.db.select().from(mailOutbox);
    singleLine(row!.subject);
  });
});
