import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSystem, type SystemConfig, type SystemContext } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { brandSystemConfig } from '../src/lib/brand-system';
import { MERGED_CONFIG, PREBUILT_TOKENS, prebuildTokens } from '../src/lib/merged-config-mark';
import { editChakraSystem } from './vite-plugin-chakra-system';

const require = createRequire(import.meta.url);
const SYSTEM = join(
  dirname(require.resolve('@chakra-ui/react/package.json')),
  'dist/esm/styled-system/system.js',
);

/** `createSystem` of the edited system.js, its imports pointed at the published files. */
async function editedCreateSystem(): Promise<(...c: SystemConfig[]) => SystemContext> {
  const base = pathToFileURL(SYSTEM);
  const resolveFrom = createRequire(SYSTEM);
  const code = editChakraSystem(readFileSync(SYSTEM, 'utf8'), SYSTEM)!.replace(
    /from '([^']+)'/g,
    (_m, spec: string) =>
      `from '${spec.startsWith('.') ? new URL(spec, base).href : pathToFileURL(resolveFrom.resolve(spec)).href}'`,
  );
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  return ((await import(/* @vite-ignore */ url)) as { createSystem: typeof createSystem })
    .createSystem;
}

const THEME = {
  colors: { primary: '#0b5fff', secondary: '#ff6a00', tertiary: '#222222', quaternary: '#f4f4f4' },
  font: { heading: 'Georgia, serif', body: 'system-ui, sans-serif' },
} as Parameters<typeof brandSystemConfig>[0];

describe("the build's edit of Chakra's createSystem", () => {
  it('takes a merged config as it is, and builds the same system as the published code', async () => {
    const edited = await editedCreateSystem();
    const config = brandSystemConfig(THEME);
    expect((config as Record<symbol, unknown>)[MERGED_CONFIG]).toBe(true);
    const fast = edited(config);
    // Not merged again: the system's config is the very object given (the published code copies it).
    expect(fast._config).toBe(config);
    const published = createSystem(brandSystemConfig(THEME));
    expect(published._config).not.toBe(config);

    // The same system: the same config, every token's variable, the global CSS, a recipe, and a
    // style resolved through it.
    expect(fast._config).toEqual(published._config);
    expect(fast.getRecipe('button')).toEqual(published.getRecipe('button'));
    expect(fast.getTokenCss()).toEqual(published.getTokenCss());
    expect(fast.getGlobalCss()).toEqual(published.getGlobalCss());
    const style = { color: 'colorPalette.fg', bg: 'brand.solid', p: '4', md: { px: '8' } };
    expect(fast.css(style)).toEqual(published.css(style));
    expect(JSON.stringify(fast.getTokenCss())).toContain('--chakra-colors-brand-solid');
  });

  it("builds a marked config's tokens ahead, and the system from them is the published one", async () => {
    const edited = await editedCreateSystem();
    const config = brandSystemConfig(THEME);
    expect(prebuildTokens(edited, config)).toBe(true);
    const tokens = (config as Record<symbol, unknown>)[PREBUILT_TOKENS];
    expect(tokens).toBeDefined();
    const system = edited(config);
    // Taken, not built again.
    expect(system.tokens).toBe(tokens);
    const published = createSystem(brandSystemConfig(THEME));
    expect(system.getTokenCss()).toEqual(published.getTokenCss());
    expect(system.token('colors.brand.solid')).toBe(published.token('colors.brand.solid'));
    const style = { color: 'fg.error', bg: 'accent.subtle', borderColor: 'brand.border', m: '2' };
    expect(system.css(style)).toEqual(published.css(style));
    // The published createSystem has no such step; an unmarked config is not built ahead.
    expect(prebuildTokens(createSystem, brandSystemConfig(THEME))).toBe(false);
    expect(prebuildTokens(edited, { theme: {} })).toBe(false);
  });

  it('still merges configs that are not marked (several, or one of its own)', async () => {
    const edited = await editedCreateSystem();
    const one = { theme: { tokens: { colors: { x: { value: '#123456' } } } } } as SystemConfig;
    expect(edited(one)._config).not.toBe(one);
    expect(edited(one).token('colors.x')).toBe('#123456');
  });

  it('makes the global CSS lazy: built on first use, then kept', async () => {
    const edited = await editedCreateSystem();
    const system = edited(brandSystemConfig(THEME));
    const first = system._global;
    expect(first.length).toBe(3);
    expect(system._global).toBe(first);
  });

  it("fails the build when Chakra's code is not what it edits, and leaves other files alone", () => {
    expect(() => editChakraSystem('export {}', SYSTEM)).toThrow(/Chakra's code is not/);
    expect(editChakraSystem('whatever', '/x/node_modules/other/index.js')).toBeNull();
  });
});
