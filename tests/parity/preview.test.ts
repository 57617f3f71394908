/**
 * A deploy preview of the same site (same database, same Blobs server, its own deploy id and the
 * `deploy-preview` context in every request): it keeps its documents to its deploy and its mail to staff.
 */
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deployedSettings } from '../fixtures/deployed-settings.ts';
import { mailOutbox, uploadedDocuments } from '../../src/db/schema.ts';
import { contactPayload, intakePayload } from '../fixtures/forms.ts';
import { database, deployDocuments, MB, parity, pdf, sha256, site, siteDocuments, uploadDocument } from './helpers.ts';

describe('a deploy preview', () => {
  it('stores a contact message, says noindex, and sends both mails to the staff inbox only', async () => {
    const lead = 'preview-lead@prospect.example';
    const res = await site('preview', '/api/contact', { json: { ...contactPayload(), email: lead } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const { id } = (await res.json()) as { id: string };

    const { db } = await database();
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.idempotencyKey, `contact:${id}:%`));
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.to)).toEqual([deployedSettings.STAFF_INBOX, deployedSettings.STAFF_INBOX]);
    expect(mails.filter((m) => m.subject.startsWith(`[Preview, meant for ${lead}]`))).toHaveLength(1);
    expect(mails.every((m) => m.status === 'pending')).toBe(true);
  });

  it('keeps an uploaded document in the store of its own deploy, not the site-wide one', async () => {
    const res = await site('preview', '/api/audits', { json: intakePayload() });
    expect(res.status, await res.clone().text()).toBe(201);
    const { uploadToken } = (await res.json()) as { uploadToken: string };
    const file = pdf(1 * MB);
    const { document } = await uploadDocument('preview', uploadToken, 'preview-deck.pdf', file);

    const { db } = await database();
    const [row] = await db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, document.id));
    const inDeploy = await deployDocuments(parity.preview.deployId).get(row!.filePath, { type: 'arrayBuffer' });
    expect(inDeploy, `${row!.filePath} in the preview deploy's store`).not.toBeNull();
    expect(sha256(new Uint8Array(inDeploy!))).toBe(sha256(file));
    expect(await siteDocuments().get(row!.filePath)).toBeNull();
  });
});
