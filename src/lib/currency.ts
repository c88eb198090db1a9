import type { BrandConfig, Cotacao } from '#schemas/contract.ts';
import { createStore, useStore } from './create-store';
import { useBrand } from './brand-context';
import { readString, STORAGE_KEYS, writeString } from './storage';

/**
 * The visitor's currency for approximate prices (spec §3 config state `cotacao`, the currency
 * modal): BRL (nothing more shown) or one of the brand's rates. Remembered in localStorage; a
 * server-rendered page is always BRL, the stored choice applies right after hydration.
 */
const currencyStore = createStore<string>(readString(STORAGE_KEYS.currency) ?? 'BRL', 'BRL');

/** Choose `code` (BRL: prices in reais only); remembered for the next visits. */
export function chooseCurrency(code: string): void {
  writeString(STORAGE_KEYS.currency, code === 'BRL' ? null : code);
  currencyStore.set(code);
}

/** The chosen currency's code ('BRL' when none or the brand has no rate for it). */
export function useCurrencyCode(): string {
  return useRate()?.moeda ?? 'BRL';
}

/** The brand's rate of the chosen currency, or null (BRL, or a currency it no longer rates). */
export function useRate(): Cotacao | null {
  const code = useStore(currencyStore);
  const brand = useBrand();
  return rateOf(brand, code);
}

/** `code`'s rate in the brand's config, or null. */
export function rateOf(brand: Pick<BrandConfig, 'cotacao'>, code: string): Cotacao | null {
  if (code === 'BRL') return null;
  return brand.cotacao?.find((c) => c.moeda === code) ?? null;
}
