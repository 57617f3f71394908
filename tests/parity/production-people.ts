/**
 * People in production's database before a deploy preview branches it (issue 37, finding 3): a lead with a
 * message, an intake, a staff note, a reply in the outbox, a staff search for her in the action log; and an
 * account that is nobody's staff, signed in from a device and address. The preview's copy must hold none of them.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import {
  auditLog,
  auditSubmissions,
  contactMessages,
  leadEvents,
  leads,
  mailOutbox,
  sessions,
  users,
} from '../../src/db/schema.ts';

export const productionPerson = {
  email: 'grete.halvorsen@nordlys-bio.example',
  name: 'Grete Halvorsen',
  company: 'Nordlys Biologics',
  phone: '+47 22 55 01 99',
  message: 'Our fill-finish line in Tromsø needs a partner before the Q3 audit.',
  challenge: 'Nobody outside Norway has heard of our aseptic capacity.',
  note: 'Grete prefers calls after 15:00 CET.',
  reply: 'Dear Grete, thank you for telling us about Tromsø.',
  /** An account that signed up and was never given a role, with a session from a device and an address. */
  accountEmail: 'visitor.signup@somewhere.example',
  device: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
  address: '198.51.100.77',
};

/** The texts the preview's copy must not hold (lower case). */
export const productionTexts = [
  productionPerson.email,
  productionPerson.name,
  productionPerson.company,
  productionPerson.phone,
  'tromsø',
  'aseptic capacity',
  'calls after 15:00',
  productionPerson.accountEmail,
  productionPerson.address,
  'firefox/128',
].map((t) => t.toLowerCase());

export async function seedProductionPeople(db: Db): Promise<void> {
  const p = productionPerson;
  const now = new Date();
  const [lead] = await db
    .insert(leads)
    .values({
      emailKey: p.email,
      email: p.email,
      name: p.name,
      company: p.company,
      phone: p.phone,
      requestCount: 2,
      firstRequestAt: now,
      lastActivityAt: now,
    })
    .returning();
  await db.insert(contactMessages).values({
    leadId: lead!.id,
    name: p.name,
    email: p.email,
    company: p.company,
    message: p.message,
    consentVersion: 'v1',
    consentedAt: now,
  });
  await db.insert(auditSubmissions).values({
    leadId: lead!.id,
    source: 'intake',
    contactName: p.name,
    contactEmail: p.email,
    contactPhone: p.phone,
    companyName: p.company,
    city: 'Tromsø',
    biggestChallenge: p.challenge,
    consentVersion: 'v1',
    consentedAt: now,
  });
  await db
    .insert(leadEvents)
    .values({ leadId: lead!.id, kind: 'note', actorId: 'staff', actorEmail: 'staff@agency.example', body: p.note });
  await db.insert(mailOutbox).values({
    idempotencyKey: `reply:${randomUUID()}`,
    kind: 'reply',
    to: p.email,
    subject: `Your ${p.company} audit`,
    textBody: p.reply,
    htmlBody: `<p>${p.reply}</p>`,
    status: 'sent',
    leadId: lead!.id,
  });
  await db.insert(auditLog).values({
    actorId: 'staff',
    actorEmail: 'staff@agency.example',
    action: 'export.csv',
    targetType: 'list',
    targetId: 'leads',
    detail: { list: 'leads', filters: { q: p.name }, rows: 1 },
  });
  const id = randomUUID();
  await db.insert(users).values({ id, name: 'Visitor', email: p.accountEmail, emailVerified: true });
  await db.insert(sessions).values({
    id: randomUUID(),
    token: randomUUID(),
    userId: id,
    expiresAt: new Date(now.getTime() + 3600_000),
    ipAddress: p.address,
    userAgent: p.device,
  });
}
