/** First-touch attribution in the browser and its schema (docs/decisions/0032-attribution-and-dashboard.md). */
import { describe, expect, it } from 'vitest';
import { FIRST_TOUCH_KEY, parseAttribution, rememberFirstTouch, UTM_MAX } from '../../../src/lib/attribution.ts';
import { attributionSchema, firstTouch } from '../../../src/lib/forms/attribution.schema.ts';
import { reportVisit, VISITS_ENDPOINT } from '../../../src/lib/visit-count.ts';
import { contactSchema } from '../../../src/lib/forms/contact.schema.ts';
import { contactPayload } from '../../fixtures/forms.ts';

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

const site = 'https://agency.example';

describe('parseAttribution', () => {
  it('keeps the landing path and the five UTM values, trimmed', () => {
    expect(
      parseAttribution(
        `${site}/services/digital-marketing?utm_source=linkedin&utm_medium=social&utm_campaign=%20q4%20&utm_term=cro&utm_content=carousel`,
        '',
      ),
    ).toEqual({
      landingPath: '/services/digital-marketing',
      utmSource: 'linkedin',
      utmMedium: 'social',
      utmCampaign: 'q4',
      utmTerm: 'cro',
      utmContent: 'carousel',
    });
  });

  it('keeps no other query parameter: a token in the landing address is never stored', () => {
    const kept = parseAttribution(`${site}/admin?reset=secret-token&token=abc&gclid=xyz&utm_source=mail#frag`, '');
    expect(kept).toEqual({ landingPath: '/admin', utmSource: 'mail' });
    expect(JSON.stringify(kept)).not.toMatch(/secret-token|abc|xyz|frag/);
  });

  it('never keeps a report link’s token, which is in the path', () => {
    expect(parseAttribution(`${site}/report/AbCdEf0123456789/pdf`, '')).toEqual({
      landingPath: '/report/[redacted]/pdf',
    });
  });

  it('keeps the referrer’s origin only, and none when the referrer is this site or not a web page', () => {
    const landing = `${site}/`;
    expect(parseAttribution(landing, 'https://www.linkedin.com/feed/update/urn:li:activity:1?x=1').referrer).toBe(
      'https://www.linkedin.com',
    );
    expect(parseAttribution(landing, `${site}/about`).referrer).toBeUndefined();
    expect(parseAttribution(landing, 'android-app://com.slack/').referrer).toBeUndefined();
    expect(parseAttribution(landing, 'not a url').referrer).toBeUndefined();
  });

  it('cuts a UTM value to its cap and drops empty ones', () => {
    const long = 'x'.repeat(UTM_MAX + 50);
    expect(parseAttribution(`${site}/?utm_source=${long}&utm_medium=&utm_campaign=%20`, '')).toEqual({
      landingPath: '/',
      utmSource: 'x'.repeat(UTM_MAX),
    });
  });

  it('always gives what the schema accepts', () => {
    for (const [url, referrer] of [
      [`${site}/${'a'.repeat(400)}?utm_source=${'é'.repeat(200)}`, 'https://example.org/x'],
      [`${site}/with%20space?utm_campaign=a%0Ab`, ''],
      ['not a url', 'also not'],
    ] as const) {
      expect(attributionSchema.safeParse(parseAttribution(url, referrer)).success, url).toBe(true);
    }
  });
});

describe('the first touch of a visit', () => {
  it('is stored on the first page and kept as the visit goes on', () => {
    const store = memoryStorage();
    rememberFirstTouch(`${site}/services/digital-marketing?utm_source=linkedin&utm_campaign=q4`, '', store);
    rememberFirstTouch(`${site}/about?utm_source=google`, 'https://www.google.com/', store);
    expect(firstTouch(store)).toEqual({
      landingPath: '/services/digital-marketing',
      utmSource: 'linkedin',
      utmCampaign: 'q4',
    });
    expect(store.length).toBe(1); // one key, no identifier
  });

  it('is not sent when storage holds nothing valid, so a bad value never costs a submit', () => {
    const store = memoryStorage();
    expect(firstTouch(store)).toBeUndefined();
    store.setItem(FIRST_TOUCH_KEY, '{not json');
    expect(firstTouch(store)).toBeUndefined();
    store.setItem(FIRST_TOUCH_KEY, JSON.stringify({ landingPath: '/x?token=1' }));
    expect(firstTouch(store)).toBeUndefined();
    expect(firstTouch(null)).toBeUndefined();
  });
});

describe('the attribution a form sends', () => {
  const withAttribution = (attribution: unknown) => contactSchema.safeParse({ ...contactPayload(), attribution });
  const fieldOf = (attribution: unknown) => {
    const parsed = withAttribution(attribution);
    return parsed.success ? null : parsed.error.issues.map((i) => i.path.join('.'));
  };

  it('is optional, and each of its fields too', () => {
    expect(contactSchema.safeParse(contactPayload()).success).toBe(true);
    expect(withAttribution({}).success).toBe(true);
    expect(withAttribution({ utmSource: 'linkedin' }).success).toBe(true);
  });

  it('names the field that breaks a limit', () => {
    expect(fieldOf({ utmSource: 'x'.repeat(UTM_MAX + 1) })).toEqual(['attribution.utmSource']);
    expect(fieldOf({ utmCampaign: 'x'.repeat(UTM_MAX + 1) })).toEqual(['attribution.utmCampaign']);
    expect(fieldOf({ landingPath: '/a?token=secret' })).toEqual(['attribution.landingPath']);
    expect(fieldOf({ landingPath: `/${'a'.repeat(300)}` })).toEqual(['attribution.landingPath']);
    expect(fieldOf({ referrer: 'https://example.org/path' })).toEqual(['attribution.referrer']);
    expect(fieldOf({ referrer: 'javascript:alert(1)' })).toEqual(['attribution.referrer']);
    expect(fieldOf({ utmTerm: 42 })).toEqual(['attribution.utmTerm']);
    expect(fieldOf('linkedin')).toEqual(['attribution']);
  });
});

describe('the visit count (decision 46)', () => {
  /** A fetch that records what it was asked to send, and answers as the endpoint does. */
  const recorder = () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const send = ((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(null, { status: 204 }));
    }) as typeof fetch;
    return { sent, send };
  };
  /** The layout's script on one page of a visit. */
  const openPage = (store: Storage | null, location: string, referrer: string, send: typeof fetch) => {
    const touch = rememberFirstTouch(location, referrer, store);
    if (touch) reportVisit(touch, send);
  };

  it('goes once a visit, from its first page, with the first touch and nothing else', () => {
    const store = memoryStorage();
    const { sent, send } = recorder();
    openPage(store, `${site}/services/digital-marketing?utm_source=linkedin&utm_campaign=q4&token=x`, '', send);
    openPage(store, `${site}/about`, `${site}/services/digital-marketing`, send);
    openPage(store, `${site}/contact?utm_source=google`, 'https://www.google.com/', send);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(VISITS_ENDPOINT);
    expect(sent[0]!.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({
      landingPath: '/services/digital-marketing',
      utmSource: 'linkedin',
      utmCampaign: 'q4',
    });
    expect(sent[0]!.init.credentials).toBeUndefined(); // no cookie is asked for, none is set
  });

  it('sends the referrer as an origin only, and a new visit (a new tab’s storage) is counted again', () => {
    const { sent, send } = recorder();
    openPage(memoryStorage(), `${site}/`, 'https://www.linkedin.com/feed/update/123?trk=x', send);
    openPage(memoryStorage(), `${site}/`, '', send);
    expect(sent.map((s) => JSON.parse(s.init.body as string))).toEqual([
      { landingPath: '/', referrer: 'https://www.linkedin.com' },
      { landingPath: '/' },
    ]);
  });

  it('is not sent without storage (every page would look like a first one), nor for a private report link', () => {
    const { sent, send } = recorder();
    openPage(null, `${site}/`, '', send);
    openPage(memoryStorage(), `${site}/report/abcdefabcdef`, '', send);
    expect(sent).toEqual([]);
  });

  it('costs the page nothing when the request fails', async () => {
    const failing = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    expect(() => reportVisit({ landingPath: '/' }, failing)).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0)); // an unhandled rejection would fail the run here
  });
});
