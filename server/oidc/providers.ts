/**
 * Identity providers of a brand (brand.json `identityProviders`, OpenID Connect): which are
 * offered, where the browser goes to use one, where it may come back to, discovery, and the
 * provider's logout URL. Google, Microsoft or gov.br are configuration, not code.
 *
 * The oidc plugin ({@link attachOidcRuntime}, called by `routes.ts`) binds each brand it serves
 * to the app's database, its sandbox switch and its discovery cache, so the functions the
 * account routes call need only the brand.
 */
import * as client from 'openid-client';
import type { IdentityProviderConfig, LoadedBrand } from '#schemas/brand.types.ts';
import { type Locale, type LoginProvider, langParam } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { identitiesOf } from './identity';

/** The `issuer` value that names this server's own sandbox provider. */
export const SANDBOX_ISSUER = 'sandbox';
/** Where the sandbox provider is mounted. */
export const SANDBOX_PATH = '/sandbox-idp';
/** Scopes asked for when the brand names none. */
export const DEFAULT_SCOPES = 'openid email profile';

/** How long a discovered configuration is reused (keys and endpoints may change). */
const DISCOVERY_TTL_MS = 3600_000;

/** What the oidc plugin attaches to each brand it serves. */
export interface OidcRuntime {
  db: Db;
  /** The sandbox provider is mounted (SANDBOX_IDP=1, dev, browser tests). */
  sandboxIdp: boolean;
  /** Environment the client secrets are read from (`clientSecretEnv`). */
  env: Readonly<Record<string, string | undefined>>;
  /** Answers the sandbox's back-channel calls in process (no socket, any port, any proxy). */
  sandboxFetch: client.CustomFetch | null;
  /** issuer + client → discovered configuration. */
  discoveries: Map<string, { at: number; config: Promise<client.Configuration> }>;
}

const runtimes = new WeakMap<LoadedBrand, OidcRuntime>();

/** Binds `brand` to the runtime of the app that serves it. */
export function attachOidcRuntime(brand: LoadedBrand, runtime: OidcRuntime): void {
  runtimes.set(brand, runtime);
}

/** The runtime of `brand`, if an app with the oidc plugin serves it. */
export function oidcRuntimeOf(brand: LoadedBrand): OidcRuntime | undefined {
  return runtimes.get(brand);
}

/**
 * What a schema cannot check in a brand's `identityProviders`: ids unique and not the local
 * login's. One line per problem; empty when all is well.
 */
export function identityProviderProblems(brand: LoadedBrand): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  const local = brand.brand.regrasDoNegocio.idLoginSI;
  (brand.brand.identityProviders ?? []).forEach((p, i) => {
    const where = `brands/${brand.id}/brand.json at /identityProviders/${i}/id`;
    if (p.id === local) problems.push(`${where}: ${p.id} is the local login's id (idLoginSI)`);
    if (seen.has(p.id)) problems.push(`${where}: ${p.id} is used by another provider`);
    seen.add(p.id);
  });
  return problems;
}

/** The client secret of a provider: null for a public client, undefined when it is missing. */
function clientSecret(p: IdentityProviderConfig, rt: OidcRuntime): string | null | undefined {
  if (!p.clientSecretEnv) return null;
  const v = rt.env[p.clientSecretEnv]?.trim();
  return v ? v : undefined;
}

/** The providers of `brand` that can be used now (the sandbox only when mounted, secrets set). */
export function enabledProviders(brand: LoadedBrand): IdentityProviderConfig[] {
  const rt = oidcRuntimeOf(brand);
  if (!rt) return [];
  return (brand.brand.identityProviders ?? []).filter(
    (p) =>
      (p.issuer !== SANDBOX_ISSUER || rt.sandboxIdp) &&
      // A sandbox client without a secret is a public one (PKCE); a real provider whose secret
      // variable is unset would fail at the token exchange: leave it out.
      (p.issuer === SANDBOX_ISSUER || clientSecret(p, rt) !== undefined),
  );
}

/** The enabled provider of `brand` with login id `id` (a path segment), if any. */
export function findProvider(brand: LoadedBrand, id: string): IdentityProviderConfig | undefined {
  if (!/^\d{1,9}$/.test(id)) return undefined;
  return enabledProviders(brand).find((p) => p.id === Number(id));
}

/** The provider's name in `locale`. */
export function providerName(p: IdentityProviderConfig, locale: Locale): string {
  return typeof p.nome === 'string' ? p.nome : p.nome[locale];
}

/**
 * The identity providers of `brand` for GET logins: each with the URL that starts its login
 * (`{apiBase}oidc/{id}/start?url={origin}&lang=`), which returns to `origin` (spec §2
 * `?access_token=`).
 * @param origin the site's origin (GET logins `url`); the start refuses one not of the brand.
 * @param apiBase the API's base URL, ending in `/`.
 * @param locale the names' language and the provider's pages' (default: the brand's).
 */
export function listIdentityProviders(
  brand: LoadedBrand,
  origin: string,
  apiBase: string,
  locale: Locale = brand.brand.defaultLocale,
): LoginProvider[] {
  const base = apiBase.endsWith('/') ? apiBase : `${apiBase}/`;
  return enabledProviders(brand).map((p) => ({
    id: p.id,
    nome: providerName(p, locale),
    tipo: 'oauth' as const,
    url: `${base}oidc/${p.id}/start?url=${encodeURIComponent(origin)}&lang=${langParam(locale)}`,
  }));
}

/**
 * The origin to send the browser back to: `url` when it is an http(s) origin (nothing but `/`
 * after it) on one of the brand's hosts, any port, or the brand's public origin. Anything
 * else is refused (null), so the start cannot be turned into an open redirect.
 */
export function allowedReturnOrigin(
  brand: LoadedBrand,
  url: unknown,
  ownOrigin: string,
): string | null {
  if (typeof url !== 'string' || url.length > 300) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password || u.search || u.hash || (u.pathname !== '/' && u.pathname !== '')) {
    return null;
  }
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const ours = brand.brand.hosts.some((h) => h.toLowerCase() === host);
  return ours || u.origin === ownOrigin ? u.origin : null;
}

/** The issuer URL of a provider; the sandbox's is this server's origin + /sandbox-idp. */
export function issuerOf(p: IdentityProviderConfig, serverOrigin: string): string {
  return p.issuer === SANDBOX_ISSUER ? `${serverOrigin}${SANDBOX_PATH}` : p.issuer;
}

/**
 * The key of a person's identity at a provider (pessoa_identidade.provider): the brand and the
 * configured issuer. Stable across ports for the sandbox, and one brand's people never meet
 * another's.
 */
export function identityKey(brand: LoadedBrand, p: IdentityProviderConfig): string {
  return `${brand.id} ${p.issuer}`;
}

/**
 * The provider's configuration (its discovery document and our client), cached per issuer for
 * an hour; a failed discovery is not cached.
 * @param serverOrigin this server's origin as the browser reaches it (the sandbox's issuer).
 */
export function discover(
  brand: LoadedBrand,
  p: IdentityProviderConfig,
  serverOrigin: string,
): Promise<client.Configuration> {
  const rt = oidcRuntimeOf(brand);
  if (!rt) return Promise.reject(new Error('oidc: the brand is not served by this app'));
  const issuer = issuerOf(p, serverOrigin);
  const secret = clientSecret(p, rt);
  const key = `${issuer}\n${p.clientId}\n${secret ?? ''}`;
  const hit = rt.discoveries.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;

  const sandbox = p.issuer === SANDBOX_ISSUER;
  const config = client.discovery(
    new URL(issuer),
    p.clientId,
    secret ? { client_secret: secret } : undefined,
    secret ? client.ClientSecretBasic(secret) : client.None(),
    sandbox
      ? {
          // The sandbox is this server, on plain http in development and tests.
          execute: [client.allowInsecureRequests],
          ...(rt.sandboxFetch ? { [client.customFetch]: rt.sandboxFetch } : {}),
        }
      : {},
  );
  rt.discoveries.set(key, { at: Date.now(), config });
  config.catch(() => {
    if (rt.discoveries.get(key)?.config === config) rt.discoveries.delete(key);
  });
  return config;
}

/**
 * Where to send the browser at logout so the provider's session ends too: the provider's
 * end-session URL, returning to `origin`, when the person's identity comes from an enabled
 * provider with `logout: true` that has an end-session endpoint; otherwise null. With several
 * such identities, the most recent one's provider.
 * @param origin the site's origin (post_logout_redirect_uri); for the sandbox also its issuer's.
 */
export async function providerLogoutUrl(
  brand: LoadedBrand,
  pessoaId: number,
  origin: string,
  locale?: Locale,
): Promise<string | null> {
  const rt = oidcRuntimeOf(brand);
  if (!rt) return null;
  const candidates = enabledProviders(brand).filter((p) => p.logout);
  if (candidates.length === 0) return null;
  const keys = new Map(candidates.map((p) => [identityKey(brand, p), p] as const));
  const provider = (await identitiesOf(rt.db, pessoaId))
    .map((row) => keys.get(row.provider))
    .find((p) => p !== undefined);
  if (!provider) return null;
  const siteOrigin = allowedReturnOrigin(brand, origin, origin) ?? origin;
  try {
    const config = await discover(brand, provider, siteOrigin);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: `${siteOrigin}/`,
      ...(locale ? { ui_locales: locale } : {}),
    }).href;
  } catch {
    // The provider is unreachable: the shop's own logout still happens.
    return null;
  }
}
