import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { StrictMode, Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { BrandConfig } from '../../schemas/contract';
import { BootSpinner } from '../components/boot-spinner';
import { BrandProvider } from '../lib/brand-context';
import type { createAppRouter } from './router';

/** Providers that do not depend on the language; the language subtree adds react-intl. */
export function App({
  brand,
  system,
  router,
}: {
  brand: BrandConfig;
  system: SystemContext;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <BrandProvider brand={brand}>
          <Suspense fallback={<BootSpinner />}>
            <RouterProvider router={router} />
          </Suspense>
        </BrandProvider>
      </ChakraProvider>
    </StrictMode>
  );
}
