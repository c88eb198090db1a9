import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  firstShadeWithContrast,
  paletteFrom,
  parseHex,
  readableOn,
  SHADES,
  toHex,
} from './color';

describe('colour helpers', () => {
  it('parses and prints hex', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('0a1B2c')).toEqual([10, 27, 44]);
    expect(parseHex('red')).toBeNull();
    expect(toHex([10, 27, 44])).toBe('#0a1b2c');
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('builds a scale around the brand colour', () => {
    const p = paletteFrom('#1f6feb');
    expect(p[500]).toBe('#1f6feb');
    expect(Object.keys(p)).toHaveLength(SHADES.length);
    // Lighter toward 50, darker toward 950.
    expect(contrastRatio(p[50], '#ffffff')).toBeLessThan(contrastRatio(p[500], '#ffffff'));
    expect(contrastRatio(p[950], '#ffffff')).toBeGreaterThan(contrastRatio(p[500], '#ffffff'));
  });

  it('picks readable text colours', () => {
    expect(readableOn('#ffd400')).toBe('#000000');
    expect(readableOn('#0b3d91')).toBe('#ffffff');
    const light = paletteFrom('#ffd400');
    const shade = firstShadeWithContrast(light, '#ffffff', 4.5, 600);
    expect(contrastRatio(light[shade], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
