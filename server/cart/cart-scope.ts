import type { LoadedBrand } from '../../schemas/brand.types';
import type { Locale } from '../../schemas/contract';
import type { Pessoa } from '../accounts/repository';
import type { Db } from '../db/client';

/** A person's cart request in one brand and language. */
export interface CartScope {
  db: Db;
  brand: LoadedBrand;
  locale: Locale;
  pessoa: Pessoa;
}
