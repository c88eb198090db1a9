import { type ReactNode, StrictMode, Suspense } from 'react';
import type { BrandConfig } from '#schemas/contract.ts';
import type { Preloaded } from '#schemas/preload.ts';
import { BootSpinner } from '#src/components/boot-spinner.tsx';
import { BrandProvider } from '#src/lib/brand-context.tsx';
import { type ClassSetRegistry, ClassSetsProvider } from '#src/lib/class-sets.tsx';
import { PreloadedProvider } from '#src/lib/preloaded.tsx';
import { StyleSystemProvider, type StyleSystemSource } from '#src/lib/style-system.tsx';

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
