import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

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
      },
    });
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
