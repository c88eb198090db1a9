import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';

describe('readEnv', () => {
  it('applies defaults', () => {
    const r = readEnv({});
    expect(r).toEqual({
      ok: true,
      env: {
        port: 8080,
        host: '0.0.0.0',
        dataDir: path.resolve('.data'),
        databaseUrl: undefined,
        holdSeconds: undefined,
        brandsDir: path.resolve('brands'),
        distDir: path.resolve('dist'),
        logLevel: 'info',
        smtpUrl: undefined,
        mailFrom: undefined,
        devPages: false,
        sandboxIdp: false,
        signupsPerHour: 10,
        production: false,
        trustProxy: undefined,
        webhookSecret: undefined,
        sandboxPixAutoPaySeconds: 0,
        sandboxRefundDelayMs: 5000,
      },
    });
  });

  it('reads NODE_ENV=production and the trusted proxies, refusing what is not an address', () => {
    const good = readEnv({ NODE_ENV: 'production', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    expect(good.ok && good.env).toMatchObject({
      production: true,
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
    });
    expect(readEnv({ TRUST_PROXY: '0' }).ok && readEnv({ TRUST_PROXY: '0' })).toMatchObject({
      env: { trustProxy: undefined },
    });
    expect(readEnv({ TRUST_PROXY: 'everyone' })).toEqual({
      ok: false,
      problems: [expect.stringContaining('TRUST_PROXY="everyone": must be addresses or CIDRs')],
    });
  });

  it('reads the payment webhook secret and the sandbox Pix timer, never echoing the secret', () => {
    const good = readEnv({
      PAYMENT_WEBHOOK_SECRET: 'x'.repeat(32),
      SANDBOX_PIX_AUTOPAY_SECONDS: '20',
    });
    expect(good.ok && good.env).toMatchObject({
      webhookSecret: 'x'.repeat(32),
      sandboxPixAutoPaySeconds: 20,
    });
    const bad = readEnv({
      PAYMENT_WEBHOOK_SECRET: 'short-secret',
      SANDBOX_PIX_AUTOPAY_SECONDS: '-1',
    });
    expect(bad.ok).toBe(false);
    const problems = bad.ok ? [] : bad.problems;
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toContain('short-secret');
  });

  it('reads and checks the mail and development-page variables', () => {
    const good = readEnv({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'no-reply@shop.example',
      STOREFRONT_DEV_PAGES: '1',
    });
    expect(good.ok && good.env).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      mailFrom: 'no-reply@shop.example',
      devPages: true,
    });
    const bad = readEnv({
      SMTP_URL: 'http://user:secret@mail.example.com',
      MAIL_FROM: 'Shop <no-reply@shop.example>',
      STOREFRONT_DEV_PAGES: 'yes',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems).toHaveLength(3);
      // The URL may hold a password: the problem names the variable, never its value.
      expect(bad.problems.join('\n')).not.toContain('secret');
    }
  });

  it('reads the sandbox identity provider switch (off unless 1)', () => {
    expect(readEnv({ SANDBOX_IDP: '1' })).toMatchObject({ ok: true, env: { sandboxIdp: true } });
    expect(readEnv({ SANDBOX_IDP: '0' })).toMatchObject({ ok: true, env: { sandboxIdp: false } });
    expect(readEnv({ SANDBOX_IDP: 'yes' }).ok).toBe(false);
    expect(readEnv({})).toMatchObject({ ok: true, env: { signupsPerHour: 10 } });
    expect(readEnv({ SIGNUPS_PER_HOUR: '500' })).toMatchObject({
      ok: true,
      env: { signupsPerHour: 500 },
    });
    expect(readEnv({ SIGNUPS_PER_HOUR: '0' }).ok).toBe(false);
  });

  it('lists every problem', () => {
    const r = readEnv({
      PORT: 'abc',
      HOLD_SECONDS: '0',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems).toHaveLength(4);
      expect(r.problems[0]).toContain('PORT');
    }
  });

  it('reads overrides', () => {
    const r = readEnv({ PORT: '3000', HOLD_SECONDS: '60', DATABASE_URL: 'postgres://u@h/db' });
    expect(r.ok && r.env).toMatchObject({
      port: 3000,
      holdSeconds: 60,
      databaseUrl: 'postgres://u@h/db',
    });
  });
});
