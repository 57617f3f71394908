/** First-touch attribution in the browser and its schema (docs/decisions/0032-attribution-and-dashboard.md). */
import { describe, expect, it } from 'vitest';
import { FIRST_TOUCH_KEY, parseAttribution, rememberFirstTouch, UTM_MAX } from '../../../src/lib/attribution.ts';
import { attributionSchema, firstTouch } from '../../../src/lib/forms/attribution.schema.ts';
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
