import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  containerRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  separatorRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
} from '@chakra-ui/react/theme';
import type { BrandTheme } from '#schemas/contract.ts';
import {
  contrastRatio,
  firstShadeWithContrast,
  paletteFrom,
  readableOn,
  SHADES,
  type Shade,
  WHITE_HEX,
} from './color';
import { CHAT_BUTTON_ID, CHAT_BUTTON_SPACE, HEADER_HEIGHT } from './frame-sizes';
import { shopThemeData } from './shop-theme-data';

/** WCAG AA for text and for UI parts such as focus rings. */
const TEXT_CONTRAST = 4.5;
const UI_CONTRAST = 3;

type TokenMap = Record<string, { value: string }>;

function scaleTokens(palette: Record<Shade, string>): TokenMap {
  const out: TokenMap = {};
  for (const s of SHADES) out[s] = { value: palette[s] };
  return out;
}

/**
 * The semantic tokens Chakra's recipes read through `colorPalette` (solid, contrast, fg, muted,
 * subtle, emphasized, focusRing, border), chosen so text stays readable whatever the brand
 * colour is: a mid-tone brand colour gets a darker solid, a light one gets dark text.
 */
export function paletteSemantics(
  name: string,
  hex: string,
): { scale: TokenMap; semantic: TokenMap } {
  const palette = paletteFrom(hex);
  const ref = (s: Shade) => `{colors.${name}.${s}}`;
  let solid: Shade = 500;
  let contrast = readableOn(palette[500]);
  if (contrastRatio(palette[500], contrast) < TEXT_CONTRAST) {
    solid = firstShadeWithContrast(palette, WHITE_HEX, TEXT_CONTRAST, 600);
    contrast = WHITE_HEX;
  }
  const fg = firstShadeWithContrast(palette, WHITE_HEX, TEXT_CONTRAST, 600);
  const ring = firstShadeWithContrast(palette, WHITE_HEX, UI_CONTRAST, 500);
  return {
    scale: scaleTokens(palette),
    semantic: {
      solid: { value: ref(solid) },
      contrast: { value: contrast },
      fg: { value: ref(fg) },
      muted: { value: ref(100) },
      subtle: { value: ref(50) },
      emphasized: { value: ref(200) },
      focusRing: { value: ref(ring) },
      border: { value: ref(ring) },
    },
  };
}

/**
 * Chakra's default theme with only the recipes of the components the shop uses: the full
 * `defaultConfig` ships ~75 recipes and weighs on every first visit. A component added to the
 * shop adds its recipe here (it renders unstyled otherwise), unless only lazily loaded screens
 * use it: those components bring their recipe themselves (src/components/with-recipe.tsx), so it
 * is not in every first visit's JavaScript nor set up at start. Its tokens and styles are
 * Chakra's without what the shop never uses (src/lib/shop-theme-data.ts).
 */
const { cssVarsPrefix, cssVarsRoot, globalCss, ...themeData } = shopThemeData;
const shopThemeConfig: SystemConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    ...themeData,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
    },
  },
});

export interface BrandSystemOptions {
  /** `?debug`: outline every element in red (spec §2). */
  debug?: boolean;
}

/**
 * What `?debug` adds to the global styles: a red outline on every element. An outline takes no
 * room (nothing moves), and `!important` wins over the components that set their own outline.
 */
export const DEBUG_OUTLINE = { '*': { outline: '1px solid red !important' } } as const;

/**
 * The Chakra system of a brand, made at run time from its config: `brand` (primary) and
 * `accent` (secondary) palettes every component reaches through `colorPalette`, the brand's
 * other colours as plain tokens, and its fonts. `brand` is the default palette.
 */
/** Text colours of status messages, each at least 4.5:1 on `bg` and `bg.subtle` (tested). */
export const STATUS_TEXT = {
  error: { value: '{colors.red.700}' },
  success: { value: '{colors.green.700}' },
  warning: { value: '{colors.orange.700}' },
} as const;

/** The red palette's solid (destructive buttons), readable in white also when hovered (tested). */
export const RED_SOLID = { value: '{colors.red.700}' } as const;

export function createBrandSystem(
  theme: BrandTheme,
  options: BrandSystemOptions = {},
): SystemContext {
  return createSystem(...brandSystemConfigs(theme, options));
}

/**
 * What {@link createBrandSystem} builds the system from: Chakra's base, the shop's theme, the
 * brand's colours and fonts.
 */
export function brandSystemConfigs(
  theme: BrandTheme,
  options: BrandSystemOptions = {},
): SystemConfig[] {
  return [defaultBaseConfig, shopThemeConfig, brandConfig(theme, options)];
}

/** The brand's colours and fonts, and the page's global rules, as a Chakra config. */
function brandConfig(theme: BrandTheme, options: BrandSystemOptions): SystemConfig {
  const brand = paletteSemantics('brand', theme.colors.primary);
  const accent = paletteSemantics('accent', theme.colors.secondary);
  return defineConfig({
    globalCss: {
      html: {
        colorPalette: 'brand',
        '--header-height': HEADER_HEIGHT.base,
        md: { '--header-height': HEADER_HEIGHT.md },
        // What the keyboard focuses or a link targets is never hidden under the sticky header
        // (WCAG 2.4.11); at the bottom, the sticky bar, the cookie banner and the chat-help
        // button: html's inline `scroll-padding-bottom` (index.html, src/lib/bottom-insets.ts).
        scrollPaddingTop: 'calc(var(--header-height, 4rem) + 0.5rem)',
      },
      // The chat-help button (src/app/layout/support-host.tsx), while the page has it: from the
      // server's HTML on, with no variable set by a script (which restyles the whole page).
      [`html:has(#${CHAT_BUTTON_ID})`]: { '--chat-help-space': CHAT_BUTTON_SPACE },
      // …and the page ends that much lower, so its last lines (the footer, the gate's result)
      // scroll clear of the button.
      [`html:has(#${CHAT_BUTTON_ID}) body`]: { paddingBottom: CHAT_BUTTON_SPACE },
      // While the cookie banner is up, the page ends lower: body's inline padding-bottom
      // (src/lib/bottom-insets.ts).
      body: { bg: 'bg', color: 'fg', fontFamily: 'body' },
      ...(options.debug ? DEBUG_OUTLINE : {}),
    },
    theme: {
      tokens: {
        colors: {
          brand: brand.scale,
          accent: accent.scale,
          primary: { value: theme.colors.primary },
          secondary: { value: theme.colors.secondary },
          tertiary: { value: theme.colors.tertiary },
          quaternary: { value: theme.colors.quaternary },
        },
        fonts: {
          heading: { value: theme.font.heading },
          body: { value: theme.font.body },
        },
      },
      semanticTokens: {
        colors: {
          brand: brand.semantic,
          accent: accent.semantic,
          // Chakra's status texts (red.500, green.600, orange.600) are below 4.5:1 on the page
          // background; errors and notices are small text, so one or two shades darker.
          fg: STATUS_TEXT,
          // The red buttons (cancel, remove): a hovered solid button is its colour at 90 % over
          // the page, and Chakra's red.600 then gives white text 4.3:1; red.700 keeps 4.5:1.
          red: { solid: RED_SOLID },
        },
      },
    },
  });
}
