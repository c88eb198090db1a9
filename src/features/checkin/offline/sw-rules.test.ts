import { describe, expect, it } from 'vitest';
import * as page from './register-sw';
import {
  inScope,
  isImmutable,
  isStaticPath,
  pageKey,
  strategyFor,
  urlsToKeep,
  WARM_MESSAGE,
  WORKER_URL,
} from './sw-rules';

const ORIGIN = 'https://shop.example';
const get = (path: string, mode = 'no-cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe('the check-in worker’s rules', () => {
  it('answers its own page, the build’s and the brand’s files; never the API or other pages', () => {
    expect(strategyFor(get('/pt/checkin', 'navigate'), ORIGIN, '/pt/checkin')).toBe('page');
    expect(strategyFor(get('/pt/checkin?inspect', 'navigate'), ORIGIN, '/pt/checkin')).toBe('page');
    expect(strategyFor(get('/pt/meuspedidos', 'navigate'), ORIGIN, '/pt/checkin')).toBe('network');
    expect(strategyFor(get('/pt/checkinx', 'navigate'), ORIGIN, '/pt/checkin')).toBe('network');
    expect(strategyFor(get('/assets/index-abc123.js'), ORIGIN, '/pt/checkin')).toBe('asset');
    expect(strategyFor(get('/brand-assets/logo.svg'), ORIGIN, '/pt/checkin')).toBe('asset');
    expect(strategyFor(get('/favicon.ico'), ORIGIN, '/pt/checkin')).toBe('asset');
    for (const api of ['/portaria/sessoes', '/router.php?class=X', '/tickets/cart', '/logins']) {
      expect(strategyFor(get(api, 'cors'), ORIGIN, '/pt/checkin'), api).toBe('network');
    }
    expect(strategyFor(get(WORKER_URL), ORIGIN, '/pt/checkin')).toBe('network');
    expect(strategyFor({ ...get('/assets/a.js'), method: 'POST' }, ORIGIN, '/pt/checkin')).toBe(
      'network',
    );
    expect(
      strategyFor({ method: 'GET', url: 'https://cdn.example/x.js', mode: 'cors' }, ORIGIN, '/'),
    ).toBe('network');
  });

  it('trusts a kept copy first only for hashed build files', () => {
    expect(isImmutable('/assets/index-abc123.js')).toBe(true);
    expect(isImmutable('/brand-assets/logo.svg')).toBe(false);
    expect(isStaticPath('/router.php')).toBe(false);
    expect(inScope('/en/checkin/', '/en/checkin/')).toBe(true);
  });

  it('keeps, of what the page loaded, its own address and this origin’s static files', () => {
    expect(
      urlsToKeep(
        [
          `${ORIGIN}/pt/checkin?inspect#x`,
          `${ORIGIN}/assets/index-abc123.js`,
          `${ORIGIN}/assets/index-abc123.js`,
          `${ORIGIN}/portaria/offline?idapresentacao=3`,
          'https://other.example/assets/a.js',
          'not a url',
          42,
        ],
        ORIGIN,
        '/pt/checkin',
      ),
    ).toEqual([`${ORIGIN}/pt/checkin`, `${ORIGIN}/assets/index-abc123.js`]);
    expect(pageKey(`${ORIGIN}/pt/checkin?a=1`)).toBe(`${ORIGIN}/pt/checkin`);
  });

  it('shares its address and message name with the page that registers it', () => {
    expect(page.WORKER_URL).toBe(WORKER_URL);
    expect(page.WARM_MESSAGE).toBe(WARM_MESSAGE);
  });
});
