import type { ReactNode, SVGProps } from 'react';

/** Every icon's drawing: a 24-unit square, stroked in the text's colour. */
export const SVG_ATTRS = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const MAIL = (
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>
);
const PHONE = (
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
);
const CHAT = <path d="M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12z" />;
const CLOCK = (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>
);

const MAP_PIN = (
  <>
    <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </>
);

const CART = (
  <>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6" />
  </>
);
const USER = (
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>
);

export const GLYPHS = {
  cart: CART,
  user: USER,
  mail: MAIL,
  phone: PHONE,
  chat: CHAT,
  clock: CLOCK,
  pin: MAP_PIN,
} satisfies Record<string, ReactNode>;

/**
 * A decorative icon as a plain `<svg>` with no style of its own: for a part that repeats on
 * every page (the footer) or many times on one (the home page's event cards), which styles its
 * icons once (`[data-glyph]`) instead of each icon resolving its styles as the page hydrates.
 */
export function Glyph({
  name,
  ...props
}: { name: keyof typeof GLYPHS } & Omit<SVGProps<SVGSVGElement>, 'name'>) {
  return (
    <svg aria-hidden="true" focusable="false" data-glyph="" {...SVG_ATTRS} {...props}>
      {GLYPHS[name]}
    </svg>
  );
}
