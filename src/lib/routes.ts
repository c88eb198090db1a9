import { generatePath } from 'react-router-dom';
import type { Locale } from '#schemas/contract.ts';
import { matchRoutePath, ROUTE_NAMES, ROUTE_PATHS, type RouteName } from '#schemas/route-paths.ts';
import { prefixOf } from './locale';
import type { MessageId } from './messages';

/**
 * The route table of spec §2: one name per screen, one path per language. Paths are relative
 * (no leading slash, no language prefix); `pathFor` adds both.
 */
export { ROUTE_NAMES, type RouteName };

export interface RouteDef {
  paths: Record<Locale, string>;
  /** Message id of the page title (document title and heading). */
  title: MessageId;
}

const TITLES: Record<RouteName, MessageId> = {
  Home: 'page.home.title',
  Perfil: 'page.profile.title',
  Checkout: 'page.checkout.title',
  Informacoes: 'page.information.title',
  Politicas: 'page.policies.title',
  MeusPedidos: 'page.orders.title',
  Produto: 'page.product.title',
  Senha: 'page.resetPassword.title',
  Confirmar: 'page.confirmEmail.title',
  Voucher: 'page.voucher.title',
  Checkin: 'page.checkin.title',
  Contato: 'page.contact.title',
  Newsletter: 'page.newsletter.title',
};

export const ROUTES = Object.fromEntries(
  ROUTE_NAMES.map((name) => [name, { paths: ROUTE_PATHS[name], title: TITLES[name] }]),
) as Record<RouteName, RouteDef>;

export const NOT_FOUND_TITLE: MessageId = 'page.notFound.title';

/** How the brand lays out URLs: with a language prefix on every path, or one tree. */
export interface UrlMode {
  multiLanguage: boolean;
}

export type RouteParams = Record<string, string | number>;

/** The URL of a screen in a language: `pathFor('Produto', 'en-US', {id: 1}, …)` → `/en/product/1`. */
export function pathFor(
  name: RouteName,
  locale: Locale,
  params: RouteParams = {},
  mode: UrlMode = { multiLanguage: true },
): string {
  const pattern = ROUTES[name].paths[locale];
  const stringParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const relative = pattern ? generatePath(pattern, stringParams) : '';
  const prefix = mode.multiLanguage ? `/${prefixOf(locale)}` : '';
  if (!relative) return prefix || '/';
  return `${prefix}/${relative}`;
}

export interface RouteMatch {
  name: RouteName;
  locale: Locale | null;
  params: Record<string, string>;
}

/**
 * Which screen a pathname shows. With a language prefix the path must be that language's;
 * without one (single tree, or an unprefixed link) a path of any language matches.
 */
export function matchAppPath(pathname: string, mode: UrlMode): RouteMatch | null {
  return matchRoutePath(pathname, mode.multiLanguage);
}

/** A content page's URL segment in each language (its `pagina` parameter). */
export type PageSlugs = ReadonlyArray<Readonly<Record<Locale, string>>>;

/**
 * The same screen in another language (the language switch): `/pt/produto/1` → `/en/product/1`.
 * A content page takes its slug in the other language from `slugs` (`/pt/politicas/privacidade`
 * → `/en/policies/privacy`). A path that is no screen goes to the other language's home.
 */
export function switchLanguagePath(
  pathname: string,
  search: string,
  target: Locale,
  mode: UrlMode,
  slugs: PageSlugs = [],
): string {
  const match = matchAppPath(pathname, mode);
  if (!match) return `${pathFor('Home', target, {}, mode)}${search}`;
  const params = { ...match.params };
  if (params.pagina !== undefined) {
    const pagina = params.pagina.toLowerCase();
    const page = slugs.find((s) => Object.values(s).includes(pagina));
    if (page) params.pagina = page[target];
  }
  return `${pathFor(match.name, target, params, mode)}${search}`;
}
