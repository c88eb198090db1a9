import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shopThemeData } from '../src/lib/shop-theme-data';
import { frozenModuleCode, frozenModules } from './vite-plugin-frozen-module';

const importCode = async (code: string) =>
  (await import(
    /* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  )) as Record<string, unknown>;

describe('a module frozen into its data', () => {
  it('exports the same values, quotes and backslashes included', async () => {
    const values = {
      theme: { name: "it's `a` \\ theme", sizes: [1, 2.5, -3], nested: { ok: true, none: null } },
      prefix: 'chakra',
    };
    const code = frozenModuleCode(values);
    expect({ ...(await importCode(code)) }).toEqual(values);
    expect(code).not.toMatch(/\bimport\b/);
  });

  it('refuses what JSON would change: functions, undefined, dates', () => {
    expect(() => frozenModuleCode({ a: { transform: () => 1 } })).toThrow(/a is not plain data/);
    expect(() => frozenModuleCode({ b: { value: undefined } })).toThrow(/b is not plain data/);
    expect(() => frozenModuleCode({ c: new Date(0) })).toThrow(/c is not plain data/);
  });

  it("the browser build's shop theme data is the module's own, with no import of Chakra", async () => {
    const plugin = frozenModules({ 'src/lib/shop-theme-data.ts': ['shopThemeData'] });
    const load = plugin.load as {
      filter: { id: RegExp };
      handler: (this: unknown, id: string) => Promise<{ code: string } | null>;
    };
    const file = fileURLToPath(new URL('../src/lib/shop-theme-data.ts', import.meta.url));
    expect(load.filter.id.test(file)).toBe(true);
    expect(load.filter.id.test(file.replace('shop-theme-data', 'brand-system'))).toBe(false);
    const client = { environment: { config: { consumer: 'client' } } };
    const frozen = await load.handler.call(client, file);
    expect(frozen?.code).not.toContain('@chakra-ui');
    const module = await importCode(frozen?.code ?? '');
    expect(Object.keys(module)).toEqual(['shopThemeData']);
    expect(module.shopThemeData).toEqual(shopThemeData);
    // Pruned: a palette the shop never names, and the dark mode's values.
    expect(JSON.stringify(module.shopThemeData)).not.toMatch(/"teal"|"_dark"/);
    // The server's build runs the module as written.
    const server = { environment: { config: { consumer: 'server' } } };
    expect(await load.handler.call(server, file)).toBeNull();
  });
});
