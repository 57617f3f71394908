/**
 * The reply settings (docs/decisions/0040-mail-replies-and-delivery.md): MAIL_REPLY_DOMAIN and RESEND_WEBHOOK_SECRET
 * are validated; a deployed site with a reply domain but no secret refuses to run, naming it; neither set is
 * today's mail; and a lead's reply address is read back only on the reply domain.
 */
import { describe, expect, it } from 'vitest';
import { mailReplySettingProblems, missingSettings, replyDomain, webhookSecret } from '../../../src/config/platform.ts';
import { leadReplyAddress, replyTokenOf } from '../../../src/server/mail/outbox.ts';
import { deployedSettings } from '../../fixtures/deployed-settings.ts';

const SECRET = `whsec_${Buffer.from('a-signing-key-of-32-bytes-long!!').toString('base64')}`;

describe('MAIL_REPLY_DOMAIN and RESEND_WEBHOOK_SECRET', () => {
  it('asks nothing when neither is set, and takes well-formed values', () => {
    expect(mailReplySettingProblems({})).toEqual([]);
    const env = { MAIL_REPLY_DOMAIN: ' Reply.Agency.com ', RESEND_WEBHOOK_SECRET: SECRET };
    expect(mailReplySettingProblems(env)).toEqual([]);
    expect(replyDomain(env)).toBe('reply.agency.com');
    expect(webhookSecret(env)).toBe(SECRET);
  });

  it('names a malformed value, and a reply domain without its secret', () => {
    expect(
      mailReplySettingProblems({ MAIL_REPLY_DOMAIN: 'https://reply.agency.com', RESEND_WEBHOOK_SECRET: 're_123' }),
    ).toEqual([
      { setting: 'MAIL_REPLY_DOMAIN', problem: 'is not a domain name ("https://reply.agency.com")' },
      { setting: 'RESEND_WEBHOOK_SECRET', problem: 'is not a Resend signing secret (whsec_…)' },
    ]);
    expect(mailReplySettingProblems({ MAIL_REPLY_DOMAIN: 'reply.agency.com' })).toEqual([
      { setting: 'RESEND_WEBHOOK_SECRET', problem: 'is not set, but MAIL_REPLY_DOMAIN is' },
    ]);
  });

  it('makes a deployed site with a reply domain but no secret refuse to run', () => {
    const deployed = {
      ...deployedSettings,
      SITE_ID: 'site',
      BETTER_AUTH_SECRET: 'a-deployed-secret-of-at-least-32-bytes-long',
      DATABASE_URL: 'postgres://db.example/site',
    };
    expect(missingSettings(deployed)).toEqual([]);
    expect(missingSettings({ ...deployed, MAIL_REPLY_DOMAIN: 'reply.agency.com' })).toEqual([
      { setting: 'RESEND_WEBHOOK_SECRET', problem: 'is not set, but MAIL_REPLY_DOMAIN is' },
    ]);
  });

  it('reads a token back from its reply address only on the reply domain', () => {
    const address = leadReplyAddress('0123456789abcdef0123456789abcdef', 'reply.agency.com');
    expect(address).toBe('reply+0123456789abcdef0123456789abcdef@reply.agency.com');
    expect(replyTokenOf(address.toUpperCase(), 'reply.agency.com')).toBe('0123456789abcdef0123456789abcdef');
    expect(replyTokenOf(address, 'other.agency.com')).toBeNull();
    expect(replyTokenOf('ada@reply.agency.com', 'reply.agency.com')).toBeNull();
  });
});
