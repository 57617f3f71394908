/** The booking links' first touch and prefill, added as the link is followed (src/lib/booking-link.ts). */
import { describe, expect, it } from 'vitest';
import { FIRST_TOUCH_KEY, rememberFirstTouch } from '../../../src/lib/attribution.ts';
import { bookingHref, rememberVisitor, VISITOR_KEY } from '../../../src/lib/booking-link.ts';

/** A Storage in memory, as `sessionStorage` behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const landed = (url: string, referrer = '') => {
  const store = memoryStorage();
  rememberFirstTouch(url, referrer, store);
  return store;
};

describe('bookingHref', () => {
  it('adds the visit’s utm values to a Calendly link, and nothing Calendly does not take', () => {
    const store = landed(
      'https://agency.example/services/cro?utm_source=linkedin&utm_campaign=cro-q1',
      'https://www.linkedin.com/feed/',
    );
    expect(bookingHref('https://calendly.com/agency/30min', store)).toBe(
      'https://calendly.com/agency/30min?utm_source=linkedin&utm_campaign=cro-q1',
    );
  });

  it('adds the landing path and referrer to a Cal.com link, for its hidden questions', () => {
    const store = landed('https://agency.example/services/cro?utm_source=linkedin', 'https://www.linkedin.com/feed/');
    const url = new URL(bookingHref('https://cal.com/agency/strategy-call', store));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: 'linkedin',
      landing_path: '/services/cro',
      referrer: 'https://www.linkedin.com',
    });
  });

  it('prefills the name and email a form of this visit was sent with, the audit forms’ fields too', () => {
    const store = landed('https://agency.example/');
    rememberVisitor({ contactName: 'Ada Quill', contactEmail: 'ada@lab.example', companyName: 'Lab' }, store);
    const url = new URL(bookingHref('https://calendly.com/agency/30min', store));
    expect(Object.fromEntries(url.searchParams)).toEqual({ name: 'Ada Quill', email: 'ada@lab.example' });
    rememberVisitor({ name: 'Bo', email: 'bo@lab.example', message: 'Hi' }, store);
    expect(JSON.parse(store.getItem(VISITOR_KEY)!)).toEqual({ name: 'Bo', email: 'bo@lab.example' });
  });

  it('keeps a parameter the link already has, adds nothing without a visit, and leaves a non-URL alone', () => {
    const store = landed('https://agency.example/?utm_source=linkedin');
    expect(bookingHref('https://calendly.com/agency/30min?utm_source=partner', store)).toBe(
      'https://calendly.com/agency/30min?utm_source=partner',
    );
    expect(bookingHref('https://calendly.com/agency/30min', memoryStorage())).toBe('https://calendly.com/agency/30min');
    expect(bookingHref('https://calendly.com/agency/30min', null)).toBe('https://calendly.com/agency/30min');
    expect(bookingHref('not a url', store)).toBe('not a url');
  });

  it('survives a storage holding something else', () => {
    const store = memoryStorage();
    store.setItem(FIRST_TOUCH_KEY, '{not json');
    store.setItem(VISITOR_KEY, '"text"');
    expect(bookingHref('https://cal.com/agency/x', store)).toBe('https://cal.com/agency/x');
  });
});
