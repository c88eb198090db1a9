import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../schemas/contract';
import { makeDist } from '../test/dist';
import { startTestServer, type TestServer } from '../test/harness';
import { testBrand } from '../test/test-brand';

// The trackers' hosts (schemas/trackers.ts) are in the CSP of a brand that configures them, and
// of no other brand on the same server.
let s: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await makeDist({ 'assets/index-abc123.js': 'console.log(1);\n' });
  s = await startTestServer({
    distDir: dist,
    brands: [
      testBrand('plain'),
      testBrand('tracked', {
        hosts: ['tracked.test'],
        default: false,
        analytics: {
          googleAnalyticsId: 'G-TEST123',
          googleTagManagerId: '',
          metaPixelId: '1234567890',
        },
      }),
      testBrand('tagged', {
        hosts: ['tagged.test'],
        default: false,
        analytics: { googleAnalyticsId: '', googleTagManagerId: 'GTM-TEST1', metaPixelId: '' },
      }),
    ],
  });
});
afterAll(async () => {
  await s?.close();
  await rm(dist, { recursive: true, force: true });
});

const page = async (host: string) => {
  const res = await s.app.inject({ method: 'GET', url: '/pt', headers: { host } });
  expect(res.statusCode).toBe(200);
  return res;
};
const cspOf = async (host: string) => String((await page(host)).headers['content-security-policy']);

describe('trackers in the CSP', () => {
  it('a brand without trackers allows only its own origin', async () => {
    const csp = await cspOf('localhost');
    expect(csp).not.toMatch(/google|facebook|doubleclick/);
    expect(csp).toMatch(/script-src 'self'(?: 'nonce-[^']+')?;/);
  });

  it("GA4 and the Meta Pixel: both trackers' hosts, still no inline script or eval", async () => {
    const csp = await cspOf('tracked.test');
    expect(csp).toMatch(
      /script-src 'self'(?: 'nonce-[^']+')? https:\/\/\*\.googletagmanager\.com https:\/\/connect\.facebook\.net;/,
    );
    expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).toMatch(/img-src 'self' data: [^;]*https:\/\/www\.facebook\.com/);
    expect(csp).not.toMatch(/unsafe-eval|script-src [^;]*unsafe-inline/);
  });

  it("Tag Manager only: Google's hosts, not Meta's", async () => {
    const csp = await cspOf('tagged.test');
    expect(csp).toContain('https://*.googletagmanager.com');
    expect(csp).not.toContain('facebook');
  });

  it('the page carries the ids for the storefront to load after consent', async () => {
    const html = (await page('tracked.test')).body;
    const m = /<script id="brand-config" type="application\/json">(.*?)<\/script>/s.exec(html);
    const config = JSON.parse(m![1]!) as BrandConfig;
    expect(config.analytics).toEqual({
      googleAnalyticsId: 'G-TEST123',
      googleTagManagerId: '',
      metaPixelId: '1234567890',
    });
    // Nothing of a tracker in the page itself: the storefront loads them after consent.
    expect(html).not.toMatch(/googletagmanager|fbevents|connect\.facebook/);
  });
});
