import { type ReactNode, StrictMode, Suspense } from 'react';
import type { BrandConfig } from '../../schemas/contract';
import type { Preloaded } from '../../schemas/preload';
import { BootSpinner } from '../components/boot-spinner';
import { BrandProvider } from '../lib/brand-context';
import { type ClassSetRegistry, ClassSetsProvider } from '../lib/class-sets';
import { PreloadedProvider } from '../lib/preloaded';
import { StyleSystemProvider, type StyleSystemSource } from '../lib/style-system';

/**
 * Providers that do not depend on the language (the language subtree adds react-intl), around
 * the router: the browser's, or the server's static one. `styleSystem` is where the page's
 * Chakra system and emotion cache come from (src/lib/style-system.tsx: the browser loads them
 * when a part needs them); `classSets` the page's class sets (src/lib/class-sets.tsx).
 */
export function App({
  brand,
  styleSystem,
  classSets,
  preloaded,
  children,
}: {
  brand: BrandConfig;
  styleSystem: StyleSystemSource;
  classSets: ClassSetRegistry;
  preloaded: Preloaded;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <StyleSystemProvider source={styleSystem}>
        <ClassSetsProvider registry={classSets}>
          <BrandProvider brand={brand}>
            <PreloadedProvider value={preloaded}>
              <Suspense fallback={<BootSpinner />}>{children}</Suspense>
            </PreloadedProvider>
          </BrandProvider>
        </ClassSetsProvider>
      </StyleSystemProvider>
    </StrictMode>
  );
}
