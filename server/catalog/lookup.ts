/**
 * In-memory lookups into a brand's catalogue file: texts (names, descriptions) come from the
 * file in the request's language; stock, prices and availability come from the database.
 */
import type {
  CatalogCombo,
  CatalogEvent,
  CatalogProduct,
  CatalogProductType,
  LoadedBrand,
} from '#schemas/brand.types.ts';
import { campaignRunning } from '#schemas/card-campaign.ts';

/** A product with its type and event. */
export interface ProductEntry {
  event: CatalogEvent;
  tipo: CatalogProductType;
  product: CatalogProduct;
}

/** Lookups of one brand's catalogue. */
export interface CatalogLookup {
  events: CatalogEvent[];
  event(idevento: number): CatalogEvent | undefined;
  /** Product ids are unique within an event. */
  product(idevento: number, idproduto: number): ProductEntry | undefined;
  combo(idcombo: number): CatalogCombo | undefined;
  /** Whether the catalogue defines combos of this event. */
  hasCombos(idevento: number): boolean;
}

const cache = new WeakMap<LoadedBrand, CatalogLookup>();

/** The (memoized) lookups of `brand`. */
export function catalogOf(brand: LoadedBrand): CatalogLookup {
  const hit = cache.get(brand);
  if (hit) return hit;
  const events = new Map<number, CatalogEvent>();
  const products = new Map<string, ProductEntry>();
  for (const event of brand.catalog.events) {
    events.set(event.idevento, event);
    for (const tipo of event.tipo_produtos) {
      for (const product of tipo.produtos) {
        products.set(`${event.idevento}:${product.idproduto}`, { event, tipo, product });
      }
    }
  }
  const lookup: CatalogLookup = {
    events: brand.catalog.events,
    event: (id) => events.get(id),
    product: (idevento, idproduto) => products.get(`${idevento}:${idproduto}`),
    combo: (id) => brand.catalog.combos?.find((c) => c.idcombo === id),
    hasCombos: (idevento) => brand.catalog.combos?.some((c) => c.idevento === idevento) ?? false,
  };
  cache.set(brand, lookup);
  return lookup;
}

/** Whether a person of type `idpessoaTipo` (null = guest) may see and buy `product`. */
export function canBuy(
  brand: LoadedBrand,
  product: CatalogProduct,
  idpessoaTipo: number | null,
): boolean {
  return !product.somenteAgencia || idpessoaTipo === brand.brand.regrasDoNegocio.idagencia;
}

/**
 * Whether `product` is on sale at all now: a card-brand campaign's product only while the
 * brand's campaign runs (who may buy it is the hold's check).
 */
export function onSaleNow(brand: LoadedBrand, product: CatalogProduct, now = Date.now()): boolean {
  return !product.campanhaCartao || campaignRunning(brand.brand.payments.cardCampaign, now);
}

export { toCents, toReais } from '#schemas/money.ts';
