import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { FORM_IDS } from '../schemas/forms/index';
import { chunkModuleCode, DEFAULT_BRAND, formCatalog } from './vite-plugin-form-validators';

const root = path.join(import.meta.dirname, '..');
const temp = mkdtempSync(path.join(tmpdir(), 'form-validators-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** What only ajv's compiler (or another code generator) would leave in shipped JavaScript. */
const GENERATES_CODE = /\bnew Function\b|(?<![\w$.])eval\(/;

describe('form validators plugin', () => {
  const catalog = formCatalog(path.join(root, 'brands'));

  it('composes every form for every brand and for an unknown brand', () => {
    const brands = readdirSync(path.join(root, 'brands'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    for (const brand of [DEFAULT_BRAND, ...brands]) {
      for (const form of FORM_IDS)
        expect(catalog.index[brand]?.[form]?.[''], `${brand} ${form}`).toBeTruthy();
    }
    // Session flags give their own compositions.
    expect(Object.keys(catalog.index[DEFAULT_BRAND]?.registration ?? {}).sort()).toEqual(
      ['', 'cardCampaign', 'social', 'social&cardCampaign'].sort(),
    );
    // The login's captcha, when the server asks for it, is a composition of its own.
    expect(Object.keys(catalog.index[DEFAULT_BRAND]?.login ?? {}).sort()).toEqual(
      ['', 'cardCampaign', 'captchaAsked', 'cardCampaign&captchaAsked'].sort(),
    );
  });

  it('compiles every composition to standalone code that generates no code at run time', () => {
    for (const c of catalog.compositions.values()) {
      const code = chunkModuleCode(c, root);
      expect(code, c.key).not.toMatch(GENERATES_CODE);
      expect(code, c.key).not.toMatch(/\brequire\(/);
      expect(code, c.key).toContain('export const validateFns');
      expect(code, c.key).toContain(JSON.stringify(String((c.schema as { $id: string }).$id)));
    }
    // Many compositions (every brand × form × session flag): slow on a busy machine.
  }, 30_000);

  it('stops on an override with an unknown field, naming the file and the JSON pointer', () => {
    const brands = path.join(temp, 'brands');
    mkdirSync(path.join(brands, 'bad', 'forms'), { recursive: true });
    writeFileSync(path.join(brands, 'bad', 'brand.json'), '{}');
    writeFileSync(
      path.join(brands, 'bad', 'forms', 'login.json'),
      JSON.stringify({ hide: ['_usernam'] }),
    );
    expect(() => formCatalog(brands)).toThrow(
      /bad[\\/]forms[\\/]login\.json \/hide\/0: unknown field/,
    );
  });
});

describe('the built storefront', () => {
  it('contains no code generation (ajv compiles at build time) and no dev pages', async () => {
    const outDir = path.join(temp, 'dist');
    // As `npm run build` does: vitest's NODE_ENV=test would make a development build.
    const env = { NODE_ENV: process.env.NODE_ENV, DEV_PAGES: process.env.STOREFRONT_DEV_PAGES };
    process.env.NODE_ENV = 'production';
    delete process.env.STOREFRONT_DEV_PAGES;
    try {
      await build({
        root,
        mode: 'production',
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = env.NODE_ENV;
      if (env.DEV_PAGES !== undefined) process.env.STOREFRONT_DEV_PAGES = env.DEV_PAGES;
    }
    const assets = path.join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    // Every library included: none has `new Function`/`eval(` today. Should one ever need it,
    // list the file here with the reason rather than loosening the pattern.
    const offenders = scripts.filter((f) =>
      GENERATES_CODE.test(readFileSync(path.join(assets, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
    // The form chunks are there (the login modal uses them) …
    expect(scripts.some((f) => f.startsWith('login-'))).toBe(true);
    // … and /dev/forms is not (built without STOREFRONT_DEV_PAGES=1).
    expect(scripts.filter((f) => f.startsWith('dev-forms'))).toEqual([]);
  }, 180_000);
});
