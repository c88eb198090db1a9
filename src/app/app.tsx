import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { type ReactNode, StrictMode, Suspense } from 'react';
import type { BrandConfig } from '../../schemas/contract';
import type { Preloaded } from '../../schemas/preload';
import { BootSpinner } from '../components/boot-spinner';
import { BrandProvider } from '../lib/brand-context';
import { type ClassSetRegistry, ClassSetsProvider } from '../lib/class-sets';
import { PreloadedProvider } from '../lib/preloaded';

/**
 * Providers that do not depend on the language (the language subtree adds react-intl), around
 * the router: the browser's, or the server's static one. `styleCache` is emotion's cache with
 * the page's CSP nonce; `classSets` the page's class sets (src/lib/class-sets.tsx).
 */
export function App({
  brand,
  system,
  styleCache,
  classSets,
  preloaded,
  children,
}: {
  brand: BrandConfig;
  system: SystemContext;
  styleCache: EmotionCache;
  classSets: ClassSetRegistry;
  preloaded: Preloaded;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <CacheProvider value={styleCache}>
        <ChakraProvider value={system}>
          <ClassSetsProvider registry={classSets}>
            <BrandProvider brand={brand}>
              <PreloadedProvider value={preloaded}>
                <Suspense fallback={<BootSpinner />}>{children}</Suspense>
              </PreloadedProvider>
            </BrandProvider>
          </ClassSetsProvider>
        </ChakraProvider>
      </CacheProvider>
    </StrictMode>
  );
}

/** The key of emotion's class names and style elements, on the server and in the browser. */
export const STYLE_CACHE_KEY = 'css';
