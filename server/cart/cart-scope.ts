import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import type { Pessoa } from '#server/accounts/repository.ts';
import type { Db } from '#server/db/client.ts';

/** A person's cart request in one brand and language. */
export interface CartScope {
  db: Db;
  brand: LoadedBrand;
  locale: Locale;
  pessoa: Pessoa;
}
