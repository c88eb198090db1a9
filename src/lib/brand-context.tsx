import { createContext, type ReactNode, useContext } from 'react';
import type { BrandConfig } from '#schemas/contract.ts';

const BrandContext = createContext<BrandConfig | null>(null);

export function BrandProvider({ brand, children }: { brand: BrandConfig; children: ReactNode }) {
  return <BrandContext value={brand}>{children}</BrandContext>;
}

/** The brand this page is served for (identity, rules, support contacts). */
export function useBrand(): BrandConfig {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand outside BrandProvider');
  return brand;
}
