/** A wallet pass's colours from the brand's theme. */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { parseHex, type Rgb } from './png';

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The pass colours from the brand's theme: readable text whatever the primary colour. */
export function passColors(brand: LoadedBrand): { background: Rgb; foreground: Rgb; label: Rgb } {
  const c = brand.brand.theme.colors;
  const background = parseHex(c.primary, [17, 17, 17]);
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  const foreground = contrast(background, white) >= contrast(background, black) ? white : black;
  const secondary = parseHex(c.secondary, foreground);
  return {
    background,
    foreground,
    label: contrast(background, secondary) >= 3 ? secondary : foreground,
  };
}
