/**
 * The privacy policy's promises and the system agree (issue 23): each figure the policy states is read from its
 * text and held to the constant the code keeps it with, so changing one without the other fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MAIL_BODY_DAYS,
  REQUEST_ANSWER_DAYS,
  RETENTION_MONTHS_DEFAULT,
} from '../../../src/features/privacy/contract.ts';
import { MAX_FILE_BYTES } from '../../../src/features/uploads/contract.ts';
import { RATE_LIMIT_KEEP_MS } from '../../../src/server/housekeeping.ts';
import { utmParameters } from '../../../src/lib/attribution.ts';
import { VISIT_COUNT_MONTHS } from '../../../src/features/funnel/visits.ts';

const policy = readFileSync(new URL('../../../content/legal/privacy-policy.mdx', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
);
const figure = (pattern: RegExp): number => {
  const match = policy.match(pattern);
  expect(match, String(pattern)).not.toBeNull();
  return Number(match![1]);
};

describe('the privacy policy', () => {
  it('keeps requests, documents, reports, notes and mails as long as the retention sweep does', () => {
    expect(figure(/are kept for up to (\d+) months after our last contact with you, then deleted/)).toBe(
      RETENTION_MONTHS_DEFAULT,
    );
    expect(policy).toMatch(
      /including uploaded documents, the audit report we prepare for you, and our notes and emails/,
    );
    expect(policy).toMatch(/unless you become our client/);
  });

  it('empties mail bodies when the housekeeping does', () => {
    expect(figure(/emails we send are emptied of their content after (\d+) days/)).toBe(MAIL_BODY_DAYS);
  });

  it('answers a request within the days docs/privacy.md gives staff', () => {
    expect(figure(/we answer within (\d+) days/)).toBe(REQUEST_ANSWER_DAYS);
    const guide = readFileSync(new URL('../../../docs/privacy.md', import.meta.url), 'utf8');
    expect(guide).toContain(`within ${REQUEST_ANSWER_DAYS} days`);
  });

  it('keeps rate-limit records as long as the housekeeping does, and takes documents up to the upload limit', () => {
    expect(figure(/Rate-limit records are kept for no longer than (\d+) hours/) * 3600_000).toBe(RATE_LIMIT_KEEP_MS);
    expect(figure(/up to (\d+) MB each/) * 1024 * 1024).toBe(MAX_FILE_BYTES);
  });

  it('names every campaign tag the site keeps of a visit, and where it keeps them (issue 24)', () => {
    for (const parameter of Object.keys(utmParameters)) expect(policy).toContain(parameter);
    expect(policy).toMatch(/in the tab's session storage \(not a cookie/);
    expect(policy).toMatch(/the address of the first page you opened without its query/);
    expect(policy).toMatch(/We keep only how many times each step was reached each day: no identifier, no IP address/);
  });

  it('names the scheduler as a source of personal data, and what the booking links carry (decision 46)', () => {
    expect(policy).toMatch(
      /the scheduling service we use for calls \(Calendly or Cal\.com\), which sends us the bookings/,
    );
    expect(policy).toMatch(
      /When you book, reschedule or cancel a call, or do not attend it, the scheduling service tells us/,
    );
    expect(policy).toMatch(/nothing is sent before you click/);
    expect(policy).toMatch(/requests for files and the calls you booked/);
    const guide = readFileSync(new URL('../../../docs/privacy.md', import.meta.url), 'utf8');
    expect(guide).toMatch(/`bookings`, `booking_events`/);
  });

  it('says what a visit count holds, that it names no one, and keeps it as long as the housekeeping does (decision 46)', () => {
    expect(policy).toMatch(
      /add one to a count of the day's visits by source .* campaign and first page, and keep nothing else: no identifier, no IP address, no browser details/,
    );
    expect(figure(/statistics about no one; we keep them for (\d+) months, then delete them/)).toBe(VISIT_COUNT_MONTHS);
    expect(policy).toMatch(/Apart from the visit count below, nothing of it reaches us unless you send a form/);
    const guide = readFileSync(new URL('../../../docs/privacy.md', import.meta.url), 'utf8');
    expect(guide).toContain(`\`visit_days\``);
  });
});
