/**
 * Colour math for brand themes: a brand gives a handful of hex colours; the storefront needs
 * full 50–950 scales and text colours that stay readable (WCAG contrast) on them.
 */
type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  let h = m[1] ?? '';
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => (a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * amount) as Rgb;
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const rgb = parseHex(hex) ?? [0, 0, 0];
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type Shade = (typeof SHADES)[number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** How far each shade is mixed toward white (negative: toward black). 500 is the colour itself. */
const MIX: Record<Shade, number> = {
  50: 0.92,
  100: 0.84,
  200: 0.68,
  300: 0.5,
  400: 0.25,
  500: 0,
  600: -0.15,
  700: -0.32,
  800: -0.48,
  900: -0.62,
  950: -0.75,
};

/** A 50–950 scale whose 500 is the given colour. */
export function paletteFrom(hex: string): Record<Shade, string> {
  const base = parseHex(hex) ?? [0, 0, 0];
  const out = {} as Record<Shade, string>;
  for (const s of SHADES) {
    const amount = MIX[s];
    out[s] = toHex(amount >= 0 ? mix(base, WHITE, amount) : mix(base, BLACK, -amount));
  }
  return out;
}

export const WHITE_HEX = '#ffffff';
export const BLACK_HEX = '#000000';

/** White or black, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio(background, WHITE_HEX) >= contrastRatio(background, BLACK_HEX)
    ? WHITE_HEX
    : BLACK_HEX;
}

/**
 * The first shade (from `from` toward the dark end) that reaches `ratio` against `background`;
 * the darkest shade when none does.
 */
export function firstShadeWithContrast(
  palette: Record<Shade, string>,
  background: string,
  ratio: number,
  from: Shade,
): Shade {
  const candidates = SHADES.filter((s) => s >= from);
  return candidates.find((s) => contrastRatio(palette[s], background) >= ratio) ?? 950;
}
