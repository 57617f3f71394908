/**
 * `npm run bookings:replay -- <email> [--cal]`: replays a sample booking, its reschedule and its cancellation of that
 * address into this computer's site, so a developer sees docs/decisions/0046-bookings-from-the-schedulers.md without
 * a Calendly or Cal.com account. The events go the deployed way: shaped as the scheduler sends them
 * (scripts/lib/scheduler-stand-in.ts), signed with its own scheme under CALENDLY_WEBHOOK_SIGNING_KEY or
 * CAL_WEBHOOK_SECRET (a random one unless set) and handed to the webhook's function, which verifies them and puts the
 * call on the lead of the address (made if there is none). It opens the database as `npm run admin` does (the
 * running `npm start` server's over its socket, the embedded folder, or DATABASE_URL). Exit codes: 0 stored, 1
 * refused (the webhook answered an error), 2 wrong usage.
 */
import { randomBytes } from 'node:crypto';
import * as calFn from '../netlify/functions/cal-webhook.mts';
import * as calendlyFn from '../netlify/functions/calendly-webhook.mts';
import { eq } from 'drizzle-orm';
import { useDatabase } from '../src/db/client.ts';
import { openDatabase } from '../src/db/embedded.ts';
import { leads } from '../src/db/schema.ts';
import type { Handler } from '../src/server/http.ts';
import { calBody, calendlyBody, calendlyInviteeUri, signCal, signCalendly } from './lib/scheduler-stand-in.ts';

const DAY = 86_400_000;

/** 11:00 in New York (16:00 UTC, near enough for a sample) `days` from now. */
const inDays = (days: number): Date => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(16, 0, 0, 0);
  return at;
};

async function post(handler: Handler, path: string, body: string, headers: Record<string, string>) {
  const url = new URL(`http://localhost${path}`);
  const background: Promise<unknown>[] = [];
  const response = await handler(new Request(url, { method: 'POST', body, headers }), {
    ip: '127.0.0.1',
    params: {},
    requestId: 'bookings-replay',
    url,
    waitUntil: (work) => void background.push(work),
  });
  await Promise.allSettled(background);
  return { status: response.status, answer: await response.text() };
}

/** The sample's events, in the order a scheduler sends them: booked, moved (two halves on Calendly), cancelled. */
function sample(email: string, cal: boolean): { label: string; body: string }[] {
  const first = inDays(3);
  const moved = inDays(5);
  const person = {
    email,
    name: 'Replayed Invitee',
    answers: [{ question: 'What should we look at first?', answer: 'Our website’s conversion rate' }],
  };
  const tracking = { utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'bookings-replay' };
  const t = (minutes: number) => new Date(Date.now() - 10 * 60_000 + minutes * 60_000);
  if (cal) {
    const uid = `replay-${randomBytes(6).toString('hex')}`;
    const next = `replay-${randomBytes(6).toString('hex')}`;
    const responses = { ...tracking, landing_path: '/services', referrer: 'https://www.linkedin.com' };
    return [
      { label: 'booked', body: calBody('BOOKING_CREATED', { ...person, uid, startsAt: first, responses }, t(0)) },
      {
        label: 'rescheduled',
        body: calBody(
          'BOOKING_RESCHEDULED',
          { ...person, uid: next, rescheduleUid: uid, startsAt: moved, responses },
          t(1),
        ),
      },
      {
        label: 'cancelled',
        body: calBody(
          'BOOKING_CANCELLED',
          { ...person, uid: next, startsAt: moved, reason: 'Replayed: a clash came up' },
          t(2),
        ),
      },
    ];
  }
  const old = calendlyInviteeUri();
  const fresh = calendlyInviteeUri();
  return [
    {
      label: 'booked',
      body: calendlyBody('invitee.created', { ...person, uri: old, startsAt: first, tracking }, t(0)),
    },
    {
      label: 'rescheduled (old half)',
      body: calendlyBody(
        'invitee.canceled',
        { ...person, uri: old, startsAt: first, newInvitee: fresh, tracking },
        t(1),
      ),
    },
    {
      label: 'rescheduled (new half)',
      body: calendlyBody(
        'invitee.created',
        { ...person, uri: fresh, oldInvitee: old, startsAt: moved, tracking },
        t(1),
      ),
    },
    {
      label: 'cancelled',
      body: calendlyBody(
        'invitee.canceled',
        { ...person, uri: fresh, startsAt: moved, reason: 'Replayed: a clash came up', tracking },
        t(2),
      ),
    },
  ];
}

async function replay(email: string, cal: boolean): Promise<number> {
  const handle = await openDatabase();
  useDatabase(handle);
  try {
    process.env.CALENDLY_WEBHOOK_SIGNING_KEY ||= randomBytes(24).toString('base64url');
    process.env.CAL_WEBHOOK_SECRET ||= randomBytes(24).toString('base64url');
    for (const { label, body } of sample(email, cal)) {
      const { status, answer } = cal
        ? await post(calFn.default, '/api/webhooks/cal', body, signCal(process.env.CAL_WEBHOOK_SECRET, body))
        : await post(
            calendlyFn.default,
            '/api/webhooks/calendly',
            body,
            signCalendly(process.env.CALENDLY_WEBHOOK_SIGNING_KEY, body),
          );
      if (status !== 200) {
        console.error(`The webhook refused the ${label} event: ${status} ${answer}`);
        return 1;
      }
      console.log(`${cal ? 'Cal.com' : 'Calendly'} ${label}: ${answer}`);
    }
    const [lead] = await handle.db.select().from(leads).where(eq(leads.emailKey, email.trim().toLowerCase()));
    console.log(`The call is on the lead of ${email}: /admin?lead=${lead?.id ?? '(none?)'}`);
    return 0;
  } finally {
    await handle.close();
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const email = args.find((a) => !a.startsWith('--'));
  if (!email || !email.includes('@') || args.some((a) => a.startsWith('--') && a !== '--cal')) {
    console.error('Usage: npm run bookings:replay -- <email address> [--cal]');
    process.exitCode = 2;
  } else {
    process.exitCode = await replay(email, args.includes('--cal')).catch((error: Error) => {
      console.error(`Failed: ${error.message}`);
      return 1;
    });
  }
}
