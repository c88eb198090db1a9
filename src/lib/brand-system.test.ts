import { describe, expect, it } from 'vitest';
import { createBrandSystem, RED_SOLID, STATUS_TEXT } from './brand-system';
import { contrastRatio } from './color';
import { lightOnly } from './shop-theme-data';
import { wantsDebug } from './style-system';

const system = createBrandSystem({
  colors: { primary: '#0b3d91', secondary: '#f2a900', tertiary: '#c8102e', quaternary: '#ffffff' },
  font: { heading: 'sans-serif', body: 'sans-serif' },
});

/** The hex value of a token reference `{colors.red.700}`. */
const resolve = (ref: string) => system.token(ref.slice(1, -1)) as string;

describe('status text colours', () => {
  // The light page backgrounds: bg (white) and bg.subtle (gray.50).
  const backgrounds = [system.token('colors.white'), system.token('colors.gray.50')] as string[];

  it.each(Object.entries(STATUS_TEXT))('%s reads at 4.5:1 on the page backgrounds', (_, token) => {
    const text = resolve(token.value);
    expect(text).toMatch(/^#[0-9a-f]{6}$/i);
    for (const bg of backgrounds) expect(contrastRatio(text, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('is what fg.error, fg.success and fg.warning resolve to', () => {
    for (const name of Object.keys(STATUS_TEXT)) {
      const token = system.tokens.getByName(`colors.fg.${name}`);
      expect(token?.extensions.conditions).toEqual({
        base: STATUS_TEXT[name as keyof typeof STATUS_TEXT].value,
      });
    }
  });
});

describe('red buttons', () => {
  it('keep white text at 4.5:1 also hovered (their colour at 90 % over white)', () => {
    const solid = resolve(RED_SOLID.value);
    const over = (hex: string, alpha: number) =>
      `#${[1, 3, 5]
        .map((i) =>
          Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * alpha + 255 * (1 - alpha))
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
    expect(contrastRatio('#ffffff', solid)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', over(solid, 0.9))).toBeGreaterThanOrEqual(4.5);
    expect(system.tokens.getByName('colors.red.solid')?.extensions.conditions).toEqual({
      base: RED_SOLID.value,
    });
  });
});

describe('?debug (spec §2)', () => {
  const theme = {
    colors: { primary: '#0b3d91', secondary: '#f2a900', tertiary: '#c8102e', quaternary: '#fff' },
    font: { heading: 'sans-serif', body: 'sans-serif' },
  };
  /** The global style of every element (`*`) a system gives the page. */
  const everyElement = (debug: boolean) =>
    (createBrandSystem(theme, { debug }).getGlobalCss() as Record<string, Record<string, object>>)[
      '@layer base'
    ]?.['&*'];

  it('is on with the parameter, whatever its value', () => {
    expect(wantsDebug('?debug')).toBe(true);
    expect(wantsDebug('?debug=1')).toBe(true);
    expect(wantsDebug('?data=2026-01-01&debug=')).toBe(true);
    expect(wantsDebug('')).toBe(false);
    expect(wantsDebug('?debugger=1')).toBe(false);
  });

  it('outlines every element in red, over their own outlines, and only then', () => {
    expect(everyElement(true)).toMatchObject({ outline: '1px solid red !important' });
    expect(everyElement(false)).not.toHaveProperty('outline');
  });
});

describe('the trimmed theme', () => {
  const theme = system._config.theme ?? {};
  /** Every animation name the shop's recipes and animation styles use. */
  const animationNames = (node: unknown, out = new Set<string>()): Set<string> => {
    if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'animationName' && typeof value === 'string') {
          for (const name of value.split(',')) out.add(name.trim());
        } else animationNames(value, out);
      }
    }
    return out;
  };

  it('keeps the keyframes of every animation its recipes and animation styles name', () => {
    const used = animationNames([theme.recipes, theme.slotRecipes, theme.animationStyles]);
    used.delete('none');
    expect(used.size).toBeGreaterThan(5);
    for (const name of used) expect(theme.keyframes, name).toHaveProperty([name]);
  });

  it('gives the page no dark-mode variables and no palette nothing uses', () => {
    const css = JSON.stringify(system.getTokenCss());
    expect(css).not.toContain('.dark');
    expect(css).not.toContain('colors-teal');
    expect(css).toContain('--chakra-colors-red-700');
    expect(css).toContain('--chakra-colors-fg-error');
  });

  it('takes the light value of a token with conditions, and keeps plain ones', () => {
    expect(
      lightOnly({
        fg: { DEFAULT: { value: { _light: '{colors.black}', _dark: '{colors.white}' } } },
        shadow: { value: { base: '1px', _dark: '2px' } },
        plain: { value: '{colors.red.700}' },
      }),
    ).toEqual({
      fg: { DEFAULT: { value: '{colors.black}' } },
      shadow: { value: { base: '1px' } },
      plain: { value: '{colors.red.700}' },
    });
  });
});
