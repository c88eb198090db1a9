import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { BrandTheme } from '#schemas/contract.ts';
import { nextTask } from './after-paint';
import { createBrandSystem } from './brand-system';
import { resolveClassSet } from './class-set-resolve';
import { STYLE_CACHE_KEY, type StyleSystem } from './style-system';

/**
 * The style system as Chakra components receive it (src/lib/style-system.tsx): Chakra's
 * provider without its global styles, which the page has once (the server's style elements, or
 * {@link loadStyleSystem}'s for a page the browser renders itself). Every part that needs the
 * system has a provider of its own, and a `Global` in each would add and remove the page's
 * global styles as dialogs mount and unmount. Chakra's provider reads only these two fields of
 * the system (styled-system/provider.js); its components read the rest through the prototype.
 */
export function styleSystemOf(system: SystemContext, cache: EmotionCache): StyleSystem {
  const withoutGlobals: SystemContext = Object.create(system, {
    _config: { value: { ...system._config, disableLayers: true } },
    _global: { value: [] },
  });
  function Provider({ children }: { children: ReactNode }) {
    return (
      <CacheProvider value={cache}>
        <ChakraProvider value={withoutGlobals}>{children}</ChakraProvider>
      </CacheProvider>
    );
  }
  return {
    system,
    cache,
    Provider,
    resolveClassSet: (set) => resolveClassSet(set, system, cache),
  };
}

/** The page's global styles (reset, keyframes, tokens, the layers' order) as Chakra writes them. */
export function GlobalStyles({ system, cache }: { system: SystemContext; cache: EmotionCache }) {
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>{null}</ChakraProvider>
    </CacheProvider>
  );
}

export interface BrowserStyleOptions {
  theme: BrandTheme;
  /** The page's CSP nonce, for the style elements emotion adds. */
  nonce: string | undefined;
  /** `?debug`: the global styles outline every element (src/lib/brand-system.ts). */
  debug: boolean;
  /** The server rendered the page: its global styles are in it. */
  rendered: boolean;
}

/**
 * The browser's style system: emotion's cache (it takes over the server's style elements), then,
 * in a task of its own, the brand's system.
 */
export async function loadStyleSystem(options: BrowserStyleOptions): Promise<StyleSystem> {
  // Rules made in the browser go in new style elements (emotion's `speedy: false`), not into
  // one sheet through `insertRule`: Chromium takes a rule inserted that way in `@layer` or
  // `@media` (every Chakra rule is in a layer) as a change of the page's fonts and lays out the
  // whole page again, in the frame after every render that styles something new. A new style
  // element is only added.
  const cache = createCache({ key: STYLE_CACHE_KEY, nonce: options.nonce, speedy: false });
  await nextTask();
  const system = createBrandSystem(options.theme, { debug: options.debug });
  // A page the browser renders itself (`vite dev`) has no global styles yet, and `?debug` adds
  // its outline to them: they are rendered by a root of their own, outside the page's tree
  // (emotion puts them in the head), so the page's tree is the server's.
  if (!options.rendered || options.debug) {
    createRoot(document.createElement('div')).render(
      <GlobalStyles system={system} cache={cache} />,
    );
  }
  return styleSystemOf(system, cache);
}
