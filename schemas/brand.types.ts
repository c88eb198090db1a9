/**
 * Shapes of the files an operator edits in `brands/<id>/`. `schemas/brand.schema.json` is the
 * JSON Schema of the same shapes (definitions `BrandFile` and `CatalogFile`); the brand loader
 * validates every folder against it at start.
 */
import type { BrandConfig, CaptchaProvider, Localized } from './contract';
import type { FormId, FormOverride } from './forms/compose';

/** brands/<id>/brand.json: the public config plus what only the server needs. */
export interface BrandFile extends Omit<BrandConfig, 'id' | 'version' | 'captcha'> {
  $schema?: string;
  /**
   * The public config's switches and site key; `provider` is what the brand asks for (absent:
   * reCAPTCHA when a site key is set, else ALTCHA). The public config says what is really used.
   */
  captcha: Omit<BrandConfig['captcha'], 'provider'> & { provider?: CaptchaProvider };
  /** Host names (without port) this brand answers on. */
  hosts: string[];
  /** The brand served when no host matches. Exactly one brand may say true. */
  default?: boolean;
  /** Minutes a reservation holds its units (HOLD_SECONDS overrides it for all brands). */
  holdMinutes: number;
  /**
   * Times a warned person may extend a hold by its time (never past the session's start);
   * absent: 10, as WCAG 2.2.1 asks; 0: no offer.
   */
  holdExtensions?: number;
  /** Most units one person may hold across a reservation. */
  maxItemsPerOrder: number;
  /**
   * OpenID Connect identity providers offered besides the local login (server only: GET logins
   * lists them). Secrets are never here: `clientSecretEnv` names the environment variable.
   */
  identityProviders?: IdentityProviderConfig[];
  payments: {
    gateway: 'sandbox';
    /** Most instalments offered on card. */
    maxInstallments: number;
    /** Smallest instalment value in reais. */
    minInstallmentValue: number;
    acceptedBrands: string[];
  };
}

/** One identity provider of brand.json `identityProviders` (OpenID Connect, code flow + PKCE). */
export interface IdentityProviderConfig {
  /** The login id (GET logins, `oidc/{id}/…`): 2 or more, unique; 1 is the local login. */
  id: number;
  /** The button's name: one text, or one per locale. */
  nome: Localized | string;
  /** The issuer URL (https), or `sandbox`: this server's own test provider (SANDBOX_IDP=1). */
  issuer: string;
  clientId: string;
  /** Name of the environment variable holding the client secret; absent: a public client. */
  clientSecretEnv?: string;
  /** Scopes asked for (default `openid email profile`). */
  scopes?: string;
  /** Logging out of the shop also ends the provider's session (RP-initiated logout). */
  logout?: boolean;
}

/**
 * How sessions of an event are laid out, relative to the day the server starts, so the demo
 * never goes stale. `daily`: every day from `fromDay` for `days` days at each of `times`
 * (weekdays 0 = Sunday; omitted = every day). `dates`: single sessions `offsetDays` from today.
 */
export type CatalogSchedule =
  | { kind: 'daily'; fromDay: number; days: number; times: string[]; weekdays?: number[] }
  | { kind: 'dates'; sessions: { offsetDays: number; time: string; title?: Localized }[] };

export interface CatalogProduct {
  idproduto: number;
  nome: Localized;
  /** Price in reais, without fee. */
  preco: number;
  /** Fee in reais per unit. */
  taxa: number;
  /** Units of this product per session. */
  capacidade: number;
  /** Most units of this product one reservation may hold. */
  block_qtd: number;
  /** Only agencies (idpessoa_tipo = regrasDoNegocio.idagencia) see and buy it. */
  somenteAgencia?: boolean;
}

export interface CatalogProductType {
  idtipo: number;
  nome: Localized;
  produtos: CatalogProduct[];
}

export interface CatalogEvent {
  idevento: number;
  tipo: 'visit' | 'tour' | 'match';
  nome: Localized;
  descricao: Localized;
  local: Localized;
  /** Path under the brand's assets/ folder. */
  imagem: string;
  /** Title of each session (e.g. "Visita guiada"); a 'dates' session may override it. */
  dscapre: Localized;
  schedule: CatalogSchedule;
  tipo_produtos: CatalogProductType[];
}

/** brands/<id>/catalog.json */
export interface CatalogFile {
  $schema?: string;
  events: CatalogEvent[];
}

/** A brand folder after loading and validation. */
export interface LoadedBrand {
  id: string;
  dir: string;
  brand: BrandFile;
  catalog: CatalogFile;
  /** The brand's form overrides (`forms/<form>.json`), validated; absent when it has none. */
  forms?: Partial<Record<FormId, FormOverride>>;
}
