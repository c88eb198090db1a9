import { describe, expect, it } from 'vitest';
import { createBrandSystem, STATUS_TEXT } from './brand-system';
import { contrastRatio } from './color';

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
    const text = resolve(token.value._light);
    expect(text).toMatch(/^#[0-9a-f]{6}$/i);
    for (const bg of backgrounds) expect(contrastRatio(text, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('is what fg.error, fg.success and fg.warning resolve to', () => {
    for (const name of Object.keys(STATUS_TEXT)) {
      const token = system.tokens.getByName(`colors.fg.${name}`);
      expect(token?.extensions.conditions).toEqual(
        STATUS_TEXT[name as keyof typeof STATUS_TEXT].value,
      );
    }
  });
});
