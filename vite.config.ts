import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootChunksPlugin, bootGraphPlugin } from './scripts/vite-plugin-boot-graph.ts';
import { emotionInPlace } from './scripts/vite-plugin-emotion-in-place.ts';
import { compileMessages, firstVisitTextsPlugin } from './scripts/vite-plugin-first-visit-texts.ts';
import { frozenModules } from './scripts/vite-plugin-frozen-module.ts';
import { reactRouterProduction } from './scripts/vite-plugin-react-router-production.ts';

/** Paths the API server answers; `vite dev` forwards them so the browser sees one origin. */
const API_PATHS = [
  '/router.php',
  '/CustomUserApps',
  '/logins',
  '/login',
  '/tickets',
  '/brand-assets',
  '/sandbox-gateway',
  '/oidc',
  '/sandbox-idp',
  '/logout',
  '/pessoa',
  '/form-validators',
  '/cadastro',
  '/captcha',
  '/BuscaEnderecos',
  '/ws',
  '/dev/mailbox',
  '/operator',
  // The brand's content pop-ups (src/features/content/hooks/use-content.ts).
  '/cms',
];
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

/**
 * What a first visit to the home or an event page loads before any tap. No page's group of
 * chunks goes into it (bootChunksPlugin's `firstVisit`).
 */
const FIRST_PAINT_SCREENS = [
  'src/app/routes/home.tsx',
  'src/app/routes/produto.tsx',
  'src/app/routes/cart-scope.tsx',
  'src/app/routes/not-found.tsx',
  'src/features/consent/components/consent-banner.tsx',
];

/**
 * What a first visit shows before any tap: its texts come with the code (every other screen
 * loads all of its language's texts before rendering). The brand's pop-up too, a dialog a second
 * after the page, where the brand has one for that page.
 */
const FIRST_VISIT_SCREENS = [
  ...FIRST_PAINT_SCREENS,
  'src/features/content/components/content-popup.tsx',
  // The checkout's first view (its items, notices, coupon): a first visit may be a return to a
  // held cart, whose paint then waits for ~0.7 KiB gzip of texts instead of all of them (17 KiB).
  // The sections below it and the dialogs ask for every text as they load.
  'src/app/routes/checkout.tsx',
];

/**
 * The checkout's code: its page and its machines (loaded by its provider once the page is open).
 * Its first view is plain elements: the style system loads once the items are painted.
 */
const CHECKOUT_MODULES = [
  'src/app/routes/checkout.tsx',
  'src/app/routes/cart-scope.tsx',
  'src/lib/checkout/checkout-logic.ts',
];

/**
 * Messages reach the browser already parsed (ICU → AST), so react-intl runs without its
 * message parser (formatjs' "no-parser" build): less JS on every page, and a broken message
 * fails the build instead of a visitor's page. The server's own messages (the e-mails, its
 * pages: schemas/server-messages.ts) are left out.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'storefront:precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/][a-z]{2}-[A-Z]{2}\.json$/.test(id)) return null;
      return { code: JSON.stringify(compileMessages(code)), map: null };
    },
  };
}

/**
 * The check-in page's service worker (src/features/checkin/offline/checkin-sw.ts), written to
 * `/checkin-sw.js` by the browser build: a fixed address (the page registers it by name), at
 * the root so its scope may be the page's path. It shares no module with the app, so it is one
 * self-contained classic script.
 */
function checkinWorker(): Plugin {
  const entry = fileURLToPath(
    new URL('./src/features/checkin/offline/checkin-sw.ts', import.meta.url),
  );
  return {
    name: 'storefront:checkin-worker',
    apply: 'build',
    buildStart() {
      if (this.environment.config.consumer !== 'client') return;
      this.emitFile({ type: 'chunk', id: entry, fileName: 'checkin-sw.js' });
    },
  };
}

export default defineConfig({
  plugins: [
    precompiledMessages(),
    reactRouterProduction(),
    // The shop's theme data, worked out from Chakra's at build time (src/lib/shop-theme-data.ts).
    frozenModules({ 'src/lib/shop-theme-data.ts': ['shopThemeData'] }),
    emotionInPlace(),
    react(),
    checkinWorker(),
    bootGraphPlugin({
      // The checkout's code, asked for by the entry with the boot's when the server's page is
      // the checkout's frame (src/entry.ts).
      pages: {
        __CHECKOUT_GRAPH__: CHECKOUT_MODULES,
      },
    }),
    bootChunksPlugin({
      entry: 'src/entry.ts',
      // The checkout's first paint waits for its code: its small shared chunks as one file. The
      // style system's first and the checkout machine's next (an event page's first add loads
      // it): a part that needs only those loads them alone, not the whole checkout's.
      pages: {
        'style-system-shared': ['src/lib/style-system-load.tsx'],
        'checkout-logic-shared': ['src/lib/checkout/checkout-logic.ts'],
        'checkout-shared': CHECKOUT_MODULES,
        // What only its sections below the items need (loaded after the items are painted).
        'checkout-sections-shared': ['src/features/checkout/components/checkout-sections.ts'],
      },
      firstVisit: FIRST_PAINT_SCREENS,
    }),
    firstVisitTextsPlugin({
      localesDir: fileURLToPath(new URL('./locales', import.meta.url)),
      screens: FIRST_VISIT_SCREENS,
    }),
  ],
  resolve: {
    alias: [
      {
        // RJSF's markdown renderer: our forms show plain text (see the stub).
        find: /^markdown-to-jsx\/react$/,
        replacement: fileURLToPath(
          new URL('./src/components/forms/markdown-plain.tsx', import.meta.url),
        ),
      },
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  server: {
    proxy: Object.fromEntries(API_PATHS.map((p) => [p, { target: API_TARGET }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The CSP allows no data: URLs for scripts or styles; keep every asset a file.
    assetsInlineLimit: 0,
    // The first view's parts are styled by CSS Modules (*.module.css, reading the brand's
    // --chakra-* variables): all of them in one stylesheet that index.html links, so a page the
    // server renders has its styles before any script, whichever route's code they came with.
    cssCodeSplit: false,
    // Module preloads are native in every browser the build targets but Safari before 17, which
    // only loses the head start (its imports still load); Vite's polyfill (a fetch per preload
    // link, watched with a MutationObserver) would be ~0.4 KiB in every first visit's entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // Chakra's theme module builds its full default config (all ~75 recipes) at module
        // level with these identity helpers; marked pure, the recipes the shop does not use
        // (src/lib/brand-system.ts picks them) drop out of the bundle.
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'mergeConfigs',
          'createSystem',
        ],
      },
    },
  },
});
