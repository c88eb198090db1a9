import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testBrand } from '#server/test/test-brand.ts';
import { display, formatProblem } from './loader';
import { configureOrigins, isBrandOrigin, originProblems, publicOrigin } from './origin';

const museu = testBrand('museu', { hosts: ['localhost', '127.0.0.1'], default: true });
const aquario = testBrand('aquario', {
  hosts: ['aquario.localhost'],
  default: false,
  publicOriginEnv: 'AQUARIO_PUBLIC_ORIGIN',
});
const brands = [museu, aquario];
const settings = (env: Record<string, string>, production = false) => ({
  env,
  port: 8080,
  production,
  defaultBrandId: 'museu',
});

afterEach(() => configureOrigins(settings({})));

describe('publicOrigin', () => {
  it('is the first host with the port when nothing is configured (development)', () => {
    configureOrigins(settings({}));
    expect(publicOrigin(museu)).toBe('http://localhost:8080');
    expect(publicOrigin(aquario)).toBe('http://aquario.localhost:8080');
    expect(originProblems(brands, settings({}))).toEqual([]);
  });

  it('takes brand.json, then PUBLIC_ORIGIN for the default brand, then the variable the brand names', () => {
    const filed = testBrand('museu', { default: true, publicOrigin: 'https://museu.example' });
    configureOrigins(settings({}));
    expect(publicOrigin(filed)).toBe('https://museu.example');
    configureOrigins(settings({ PUBLIC_ORIGIN: 'https://tickets.example/' }));
    expect(publicOrigin(filed)).toBe('https://tickets.example');
    // PUBLIC_ORIGIN is the default brand's only.
    expect(publicOrigin(aquario)).toBe('http://aquario.localhost:8080');
    configureOrigins(settings({ AQUARIO_PUBLIC_ORIGIN: 'https://aquario.example' }));
    expect(publicOrigin(aquario)).toBe('https://aquario.example');
  });
});

describe('originProblems', () => {
  it('stops a production start without an https origin, naming file, path and reason', () => {
    const problems = originProblems(
      brands,
      settings({ PUBLIC_ORIGIN: 'http://museu.example' }, true),
    );
    expect(problems).toEqual([
      {
        file: display(path.join(museu.dir, 'brand.json')),
        pointer: '',
        reason:
          '"http://museu.example" (from PUBLIC_ORIGIN) must be https:// in production (NODE_ENV=production)',
      },
      {
        file: display(path.join(aquario.dir, 'brand.json')),
        pointer: '/publicOrigin',
        reason:
          'no public origin: in production set AQUARIO_PUBLIC_ORIGIN or brand.json "publicOrigin" to its https:// origin',
      },
    ]);
    expect(formatProblem(problems[1]!)).toMatch(/brand\.json at \/publicOrigin: no public origin/);
    const fine = settings(
      { PUBLIC_ORIGIN: 'https://museu.example', AQUARIO_PUBLIC_ORIGIN: 'https://aquario.example' },
      true,
    );
    expect(originProblems(brands, fine)).toEqual([]);
  });

  it('refuses what is not an origin', () => {
    for (const bad of ['shop.example', 'https://shop.example/loja', 'ftp://shop.example']) {
      const [p] = originProblems([aquario], settings({ AQUARIO_PUBLIC_ORIGIN: bad }));
      expect(p?.pointer, bad).toBe('/publicOriginEnv');
      expect(p?.reason, bad).toContain('is not an origin');
    }
  });
});

describe('isBrandOrigin', () => {
  it('is the public origin and the brand’s hosts on any port, nothing else', () => {
    configureOrigins(settings({ PUBLIC_ORIGIN: 'https://tickets.example' }));
    for (const o of ['https://tickets.example', 'http://localhost:5173', 'http://127.0.0.1:8080']) {
      expect(isBrandOrigin(museu, o), o).toBe(true);
    }
    for (const o of ['https://evil.example', 'http://aquario.localhost:8080', 'null', '']) {
      expect(isBrandOrigin(museu, o), o).toBe(false);
    }
  });
});
