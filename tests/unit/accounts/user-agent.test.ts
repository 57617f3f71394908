// The device and browser of a session, from its User-Agent: the order matters (Edge and Opera say Chrome too,
// Chrome says Safari), and what is not recognised is said to be unknown, never guessed.
import { describe, expect, it } from 'vitest';
import { describeAgent } from '../../../src/features/accounts/user-agent.ts';

describe('describeAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Windows computer',
      'Edge 126',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      'Mac',
      'Opera 111',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
      'Android phone',
      'Chrome 126',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
      'Android tablet',
      'Samsung Internet 25',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      'iPad',
      'Chrome 126',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Mac',
      'Safari 17',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Linux computer', 'Firefox 128'],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chromebook',
      'Chrome 126',
    ],
  ])('%s → %s, %s', (agent, device, browser) => {
    expect(describeAgent(agent)).toEqual({ device, browser });
  });

  it('says unknown for a missing, empty or unfamiliar header, and reads no further than 512 characters', () => {
    const unknown = { device: 'Unknown device', browser: 'Unknown browser' };
    expect(describeAgent(null)).toEqual(unknown);
    expect(describeAgent('   ')).toEqual(unknown);
    expect(describeAgent('curl/8.5.0')).toEqual(unknown);
    expect(describeAgent(`${'x'.repeat(600)} Windows Firefox/128`)).toEqual(unknown);
  });
});
