/**
 * What an RPC handler receives: the app's services and the request's brand, language and person.
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import type { Pessoa } from '#server/accounts/repository.ts';
import type { Db } from '#server/db/client.ts';
import type { PaymentGateway } from '#server/payments/gateway.ts';
import type { WalletCredentials } from '#server/wallet/credentials.ts';

/** Services shared by every request. */
export interface AppServices {
  db: Db;
  /** The payment gateway of a brand. */
  gatewayFor(brand: LoadedBrand): PaymentGateway;
  /** Seconds a new hold lasts for a brand (HOLD_SECONDS or the brand's holdMinutes). */
  holdSecondsFor(brand: LoadedBrand): number;
  /** What wallet passes are signed with (the operator's, or development ones). */
  wallet: WalletCredentials;
}

/** The context of one RPC call. */
export interface RpcContext {
  services: AppServices;
  brand: LoadedBrand;
  locale: Locale;
  /** The logged-in person, or null for a guest. */
  pessoa: Pessoa | null;
  /** The caller's address (rate limits, evidence of term acceptance). */
  ip: string;
  /** The site's origin (links in mails). */
  origin: string;
}

/** The context of a call that requires a session. */
export interface AuthedRpcContext extends RpcContext {
  pessoa: Pessoa;
}
