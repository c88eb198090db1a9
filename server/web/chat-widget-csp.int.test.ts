import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../schemas/contract';
import { makeDist } from '../test/dist';
import { startTestServer, type TestServer } from '../test/harness';
import { testBrand } from '../test/test-brand';

// A brand's third-party chat (brand.json `support.chatWidget`, schemas/chat-widget.ts): its
// hosts are in that brand's CSP and in no other brand's on the same server, and the page itself
// carries no script of it (the storefront injects it when the visitor asks for the chat).
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
