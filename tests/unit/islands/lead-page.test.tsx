// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import LeadPage from '../../../src/islands/admin/leads/LeadPage.tsx';
import { button, click, edit, json } from './report-harness.tsx';
import {
  LEAD,
  REPLY_TO,
  ada,
  editor,
  labelled,
  lead,
  mount,
  posts,
  timeline,
  type,
  useLeadsTests,
} from './leads-harness.tsx';
import { staffMe } from './staff-me.ts';

useLeadsTests();

describe('the lead page', () => {
  it('shows the person, the requests newest first and a timeline of every kind, oldest first', async () => {
    const { el } = await mount(<LeadPage id={LEAD} me={staffMe()} onBack={() => {}} />);
    await vi.waitFor(() => expect(el.querySelector('ol')).not.toBeNull());
    expect(el.textContent).toContain('+1 215 555 0134');
    expect([...el.querySelectorAll('[data-request]')].map((r) => r.getAttribute('data-request'))).toEqual([
      'audit',
      'message',
    ]);
    await vi.waitFor(() => expect(el.textContent).toContain('Company Profile'));
    expect(button(el, 'Open audit report')).toBeDefined();
    expect(el.querySelector('[data-request="message"]')!.textContent).toContain('We need help with LinkedIn');

    const entries = [...el.querySelectorAll('ol > li')];
    expect(entries.map((e) => e.getAttribute('data-kind'))).toEqual(timeline.map((e) => e.kind));
    expect(entries.map((e) => e.querySelector('time')!.getAttribute('dateTime'))).toEqual(timeline.map((e) => e.at));
    const text = (kind: string) => el.querySelector(`ol > li[data-kind="${kind}"]`)!.textContent;
    expect(text('message')).toMatch(/^Message.*by Grace Hopper/);
    // Every entry's label, time and actor are words apart in its text (what a screen reader reads).
    for (const entry of entries) {
      const head = entry.querySelector('[data-entry-head]')!;
      const label = head.querySelector('span')!.textContent!;
      const time = head.querySelector('time')!.textContent!;
      expect(head.textContent).toMatch(new RegExp(`^${label} ${time}( by .+)?$`));
    }
    expect(text('owner')).toContain('Nobody → Bo');
    expect(text('reply')).toContain('Happy to help.');
    expect(el.querySelector('[data-kind="reply"] [data-delivery]')!.getAttribute('data-delivery')).toBe('failed');
    expect(text('reply')).toContain('Resend answered 422');
    expect(el.querySelector('[data-kind="mail"] [data-delivery]')!.getAttribute('data-delivery')).toBe('sent');
    expect(text('status')).toContain('Message: unread → replied');
    expect(text('elsewhere')).toContain('Spoke on the phone.');
    expect(text('report')).toContain('first opened version 2 of the audit report');
  });

  it('shows a viewer no form and no button that changes anything', async () => {
    const { el } = await mount(<LeadPage id={LEAD} me={staffMe({ id: 'u1' })} onBack={() => {}} />);
    await vi.waitFor(() => expect(el.querySelector('ol')).not.toBeNull());
    expect(el.querySelectorAll('form, textarea, select')).toHaveLength(0);
    expect([...el.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      '← Back to the leads',
      'Open audit report',
    ]);
  });

  it('lets an editor claim the lead, assign it, write a note and reply, with the bodies the API takes', async () => {
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    const { el, calls } = await mount(<LeadPage id={LEAD} me={editor()} onBack={() => {}} />, (call) => {
      if (call.method === 'PUT')
        return json(200, { lead: lead({ ownerId: (call.body as { ownerId: string }).ownerId }) });
      if (call.url.endsWith('/notes')) return json(201, { note: timeline[5] });
      if (call.url.endsWith('/replies')) return json(201, { reply: timeline[6], lead: lead({ state: 'answered' }) });
      if (call.method === 'DELETE') return json(204, null);
      return undefined;
    });
    // With replies set up, the hint says the answer comes back onto the timeline, by the lead's own address.
    await vi.waitFor(() => expect(el.querySelector('[data-reply-hint]')).not.toBeNull());
    expect(el.querySelector('[data-reply-hint]')!.textContent).toContain(
      `their answer comes back onto this timeline (it is addressed to ${REPLY_TO.address}).`,
    );
    await vi.waitFor(() => expect(button(el, 'Claim')).toBeDefined());

    await click(button(el, 'Claim'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    await vi.waitFor(() => expect(labelled<HTMLSelectElement>(el, 'Owner').options.length).toBe(3));
    await edit(labelled(el, 'Owner'), 'u2');
    await click(button(el, 'Save owner'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(2));

    await type(labelled(el, 'Note'), 'Asked Bo to call.');
    expect(el.textContent).toContain('17 of 5,000 characters');
    await click(button(el, 'Add note'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(3));

    // The subject starts from the latest request, an audit request here.
    expect(labelled<HTMLInputElement>(el, 'Subject').value).toBe('Re: your Lift Audit request');
    await type(labelled(el, 'Reply'), 'Thank you, Grace.');
    await click(button(el, 'Send reply'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(4));

    // Only the viewer's own note, younger than 15 minutes, can be deleted.
    expect(el.querySelector('[data-kind="note"]')!.querySelector('button')).toBeNull();
    await click(el.querySelectorAll<HTMLElement>('[data-kind="note"]')[1]!.querySelector('button')!);
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(5));

    expect(posts(calls)).toEqual([
      { method: 'PUT', url: `/api/admin/leads/${LEAD}/owner`, body: { ownerId: 'u1' } },
      { method: 'PUT', url: `/api/admin/leads/${LEAD}/owner`, body: { ownerId: 'u2' } },
      { method: 'POST', url: `/api/admin/leads/${LEAD}/notes`, body: { body: 'Asked Bo to call.' } },
      {
        method: 'POST',
        url: `/api/admin/leads/${LEAD}/replies`,
        body: { subject: 'Re: your Lift Audit request', body: 'Thank you, Grace.', confirm: false },
      },
      { method: 'DELETE', url: `/api/admin/leads/${LEAD}/notes/n2`, body: undefined },
    ]);
    // Each change reads the lead again.
    expect(calls.filter((c) => c.url === `/api/admin/leads/${LEAD}`).length).toBeGreaterThan(4);
  });

  it('marks an undeliverable address and warns before a reply, which goes only once confirmed', async () => {
    const bounced = lead({ undeliverableReason: 'Permanent: General: No such mailbox' });
    const { el, calls } = await mount(<LeadPage id={LEAD} me={editor()} onBack={() => {}} />, (call) => {
      if (call.url === `/api/admin/leads/${LEAD}` && call.method === 'GET')
        return json(200, {
          lead: bounced,
          requests: [],
          timeline: [],
          replyTo: { address: ada.email, toTimeline: false },
        });
      if (call.url.endsWith('/replies')) return json(201, { reply: timeline[6], lead: bounced });
      return undefined;
    });
    await vi.waitFor(() => expect(el.querySelector('[data-reply-warning]')).not.toBeNull());
    expect(el.querySelector('[data-mail-trouble]')!.textContent).toContain('Address undeliverable');
    expect(el.querySelector('[data-reply-warning]')!.textContent).toContain(
      'Mail to grace@acme.example bounced (Permanent: General: No such mailbox)',
    );
    // Without replies set up, the hint names the address the answer goes to, from the server.
    expect(el.querySelector('[data-reply-hint]')!.textContent).toContain(`their answer goes to ${ada.email}.`);
    await type(labelled(el, 'Subject'), 'Re: hello');
    await type(labelled(el, 'Reply'), 'Is this address right?');
    // Not confirmed: nothing goes, and the form says why.
    await click(button(el, 'Send reply'));
    await vi.waitFor(() =>
      expect(el.querySelector('[data-reply-warning] [data-field-error]')?.textContent).toBe(
        'Nothing was sent: tick “Send it anyway” to send this reply to grace@acme.example.',
      ),
    );
    expect(posts(calls)).toEqual([]);
    await click(el.querySelector<HTMLInputElement>('[data-reply-warning] input[type="checkbox"]')!);
    expect(el.querySelector('[data-reply-warning] [data-field-error]')).toBeNull();
    await click(button(el, 'Send reply anyway'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ subject: 'Re: hello', body: 'Is this address right?', confirm: true });
  });

  it('answers elsewhere only with a note, and shows a refusal of the server under its field', async () => {
    const { el, calls } = await mount(<LeadPage id={LEAD} me={editor()} onBack={() => {}} />, (call) => {
      if (call.url.endsWith('/replies'))
        return json(422, {
          error: { code: 'invalid', message: 'Check the reply', fields: { body: 'The reply holds no text' } },
        });
      if (call.url.endsWith('/answered-elsewhere')) return json(201, { lead: lead({ state: 'answered' }) });
      return undefined;
    });
    await vi.waitFor(() => expect(button(el, 'Mark as answered elsewhere')).toBeDefined());

    await click(button(el, 'Mark as answered elsewhere'));
    await vi.waitFor(() => expect(el.textContent).toContain('Say how the lead was answered'));
    expect(posts(calls)).toEqual([]);
    await type(labelled(el, 'How was the lead answered?'), 'Called back on Monday.');
    await click(button(el, 'Mark as answered elsewhere'));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      method: 'POST',
      url: `/api/admin/leads/${LEAD}/answered-elsewhere`,
      body: { note: 'Called back on Monday.' },
    });

    await type(labelled(el, 'Reply'), 'Hello');
    await click(button(el, 'Send reply'));
    const reply = labelled<HTMLTextAreaElement>(el, 'Reply');
    await vi.waitFor(() => expect(reply.getAttribute('aria-invalid')).toBe('true'));
    const error = reply.parentElement!.querySelector('[data-field-error]')!;
    expect(error.textContent).toBe('The reply holds no text');
    expect(reply.getAttribute('aria-describedby')).toContain(error.id);
  });
});
