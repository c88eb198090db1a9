import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '#schemas/contract.ts';
import { makeDist } from '#server/test/dist.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { testBrand } from '#server/test/test-brand.ts';

// What a brand adds to its own Content-Security-Policy, on one server with several brands: the
// trackers' hosts (schemas/trackers.ts) for a brand that configures them, a third-party chat's
// hosts (brand.json `support.chatWidget`, schemas/chat-widget.ts) for a brand that has one; no
// other brand's policy allows them, and no page carries their scripts (the storefront loads
// trackers after consent, the chat when the visitor asks for it).
const L = (t: string) => ({ 'pt-BR': t, 'es-ES': t, 'en-US': t });
const SUPPORT = {
  email: 'sac@example.com',
  phone: '+55 11 0000-0000',
  whatsapp: '+55 11 90000-0000',
  chat: true,
  hours: L('9–18'),
};
let s: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await makeDist({ 'assets/index-abc123.js': 'console.log(1);\n' });
  s = await startTestServer({
    distDir: dist,
    brands: [
      testBrand('plain', { support: SUPPORT }),
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
      testBrand('chatty', {
        hosts: ['chatty.test'],
        default: false,
        support: {
          ...SUPPORT,
          chatWidget: {
            provider: 'Chat Co',
            scriptUrl: 'https://widget.chat.example/loader.js',
            hosts: ['widget.chat.example', 'api.chat.example'],
          },
        },
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
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

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

describe('a third-party chat in the CSP', () => {
  it('the brand with the widget allows its hosts for scripts, calls, frames and images', async () => {
    const csp = await cspOf('chatty.test');
    expect(directive(csp, 'script-src')).toMatch(
      /^script-src 'self'(?: 'nonce-[^']+')? https:\/\/widget\.chat\.example https:\/\/api\.chat\.example$/,
    );
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://widget.chat.example https://api.chat.example wss://widget.chat.example wss://api.chat.example",
    );
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://widget.chat.example https://api.chat.example",
    );
    expect(directive(csp, 'img-src')).toContain('https://widget.chat.example');
    expect(csp).not.toMatch(/unsafe-eval|script-src [^;]*unsafe-inline/);
  });

  it('a brand without one on the same server allows none of them', async () => {
    const csp = await cspOf('localhost');
    expect(csp).not.toContain('chat.example');
    expect(directive(csp, 'script-src')).toMatch(/^script-src 'self'(?: 'nonce-[^']+')?$/);
  });

  it('the page carries the widget config, not its script', async () => {
    const html = (await page('chatty.test')).body;
    const m = /<script id="brand-config" type="application\/json">(.*?)<\/script>/s.exec(html);
    const config = JSON.parse(m![1]!) as BrandConfig;
    expect(config.support.chatWidget?.scriptUrl).toBe('https://widget.chat.example/loader.js');
    expect(html).not.toMatch(/<script[^>]+chat\.example/);
    const plain = (await page('localhost')).body;
    expect(plain).not.toContain('chat.example');
  });
});
