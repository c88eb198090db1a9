import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The data of the shop's Chakra theme (tokens, semantic tokens, keyframes, text, layer and
 * animation styles, breakpoints, global CSS): Chakra's defaults without what the shop never uses.
 * Palettes and keyframes nothing names and the dark mode's values are left out, so the style
 * system built at every start (before the page can hydrate) and the variables every page carries
 * are about half as many.
 *
 * Plain data, worked out from Chakra's theme when this module runs. The browser build runs it
 * once and puts the result in its place (scripts/vite-plugin-frozen-module.ts): the browser gets
 * ~4 KB of data instead of Chakra's full theme modules (~7 KB gzip) and the code below.
 */

/** Chakra's colour palettes no component of the shop names (nor its recipes). */
const UNUSED_PALETTES = new Set(['teal', 'purple', 'pink', 'cyan']);

/**
 * The keyframes the shop's recipes, animation styles and components name; Chakra's other
 * keyframes (marquees, progress bars, collapsibles, full-size slides but one) are 9 KB of
 * global CSS on every page for nothing.
 */
const USED_KEYFRAMES = [
  'spin',
  'pulse',
  'ping',
  'bounce',
  'fade-in',
  'fade-out',
  'scale-in',
  'scale-out',
  'slide-from-right-full',
  ...['top', 'bottom', 'left', 'right'].flatMap((side) => [
    `slide-from-${side}`,
    `slide-to-${side}`,
  ]),
];

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A semantic token tree with the light value only: the shop has no dark mode (nothing sets
 * Chakra's `.dark` class), and each `_dark` value is a CSS variable of the `.dark` block that
 * every page would carry and the browser would parse, and the style system would build at start.
 */
export function lightOnly(tree: Tree): Tree {
  const out: Tree = {};
  for (const [key, node] of Object.entries(tree)) {
    if (!isTree(node)) out[key] = node;
    else if ('value' in node) {
      const value = node.value;
      out[key] =
        isTree(value) && '_light' in value
          ? { ...node, value: value._light }
          : isTree(value) && '_dark' in value
            ? {
                ...node,
                value: Object.fromEntries(Object.entries(value).filter(([k]) => k !== '_dark')),
              }
            : node;
    } else out[key] = lightOnly(node);
  }
  return out;
}

const withoutPalettes = (colors: Tree): Tree =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name)));

export const shopThemeData = {
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  breakpoints,
  keyframes: Object.fromEntries(USED_KEYFRAMES.map((name) => [name, keyframes[name]])),
  tokens: { ...tokens, colors: withoutPalettes(tokens.colors as Tree) as typeof tokens.colors },
  semanticTokens: lightOnly({
    ...semanticTokens,
    colors: withoutPalettes(semanticTokens.colors as Tree),
  }) as typeof semanticTokens,
  textStyles,
  layerStyles,
  animationStyles,
};
