/**
 * Shapes of the files an operator edits in `brands/<id>/`. Each is written once, in
 * `schemas/brand.schema.json` (definitions `BrandFile`, `CatalogFile`, `VoucherBatchFile`,
 * `RatesFile`); `npm run schemas:types` writes their types to `brand.generated.ts`, and the brand
 * loader validates every folder against the schema at start. Here: the names the code uses for
 * parts of those shapes, and what the loader makes of a folder.
 */
import type {
  BrandFile,
  CatalogEvent,
  CatalogFile,
  IdentityProvider,
  RatesFile,
  VoucherBatchFile,
} from './brand.generated';
import type { FormId, FormOverride } from './forms/compose';

export type {
  BrandFile,
  CatalogBlock,
  CatalogCombo,
  CatalogCoupon,
  CatalogEvent,
  CatalogFile,
  CatalogPersonLimit,
  CatalogProduct,
  CatalogProductType,
  CatalogSchedule,
  CatalogSlots,
  RatesFile,
  Voucher,
  VoucherBatchFile,
} from './brand.generated';

/** brand.json `payments.cardCampaign`. */
export type CardCampaign = NonNullable<BrandFile['payments']['cardCampaign']>;
/** brand.json `checkin`: the staff of the gate. */
export type CheckinConfig = NonNullable<BrandFile['checkin']>;
/** brand.json `delivery`: where the carrier delivers and what it costs, once per order. */
export type DeliveryRules = NonNullable<BrandFile['delivery']>;
/** brand.json `payments.methods`: each method switched on or off, with its settings. */
export type PaymentMethodsConfig = NonNullable<BrandFile['payments']['methods']>;
/** brand.json `cancellation`: which paid tickets the buyer may cancel. */
export type CancellationRules = NonNullable<BrandFile['cancellation']>;
/** One identity provider of brand.json `identityProviders` (OpenID Connect, code flow + PKCE). */
export type IdentityProviderConfig = IdentityProvider;
/** {@link CatalogEvent.portador}. */
export type CatalogHolderRule = NonNullable<CatalogEvent['portador']>;

/** A loaded batch: the file's content and its name (`<batch>`, without `.json`). */
export interface VoucherBatch extends VoucherBatchFile {
  lote: string;
}

/** A brand folder after loading and validation. */
export interface LoadedBrand {
  id: string;
  dir: string;
  brand: BrandFile;
  catalog: CatalogFile;
  /** The brand's form overrides (`forms/<form>.json`), validated; absent when it has none. */
  forms?: Partial<Record<FormId, FormOverride>>;
  /** The partner batches of `vouchers/*.json`, validated; absent when it has none. */
  vouchers?: VoucherBatch[];
  /** The exchange rates of `rates.json`, validated; absent when it has none. */
  rates?: RatesFile;
}
