import { generatePath, matchPath } from 'react-router-dom';
import { LOCALES, type Locale } from '../../schemas/contract';
import { localeFromPrefix, prefixOf } from './locale';
import type { MessageId } from './messages';

/**
 * The route table of spec §2: one name per screen, one path per language. Paths are relative
 * (no leading slash, no language prefix); `pathFor` adds both.
 */
export const ROUTE_NAMES = [
  'Home',
  'Perfil',
  'Checkout',
  'Informacoes',
  'Politicas',
  'MeusPedidos',
  'Produto',
  'Senha',
  'Confirmar',
  'Voucher',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface RouteDef {
  paths: Record<Locale, string>;
  /** Message id of the page title (document title and heading). */
  title: MessageId;
}

const same = (path: string): Record<Locale, string> => ({
  'pt-BR': path,
  'es-ES': path,
  'en-US': path,
});

export const ROUTES: Record<RouteName, RouteDef> = {
  Home: { paths: same(''), title: 'page.home.title' },
  Perfil: {
    paths: { 'pt-BR': 'perfil', 'es-ES': 'perfil', 'en-US': 'profile' },
    title: 'page.profile.title',
  },
  Checkout: { paths: same('checkout'), title: 'page.checkout.title' },
  Informacoes: {
    paths: {
      'pt-BR': 'informacoes/:pagina',
      'es-ES': 'informacion/:pagina',
      'en-US': 'information/:pagina',
    },
    title: 'page.information.title',
  },
  Politicas: {
    paths: {
      'pt-BR': 'politicas/:pagina',
      'es-ES': 'politicas/:pagina',
      'en-US': 'policies/:pagina',
    },
    title: 'page.policies.title',
  },
  MeusPedidos: {
    paths: { 'pt-BR': 'meuspedidos', 'es-ES': 'peticiones', 'en-US': 'requests' },
    title: 'page.orders.title',
  },
  Produto: {
    paths: { 'pt-BR': 'produto/:id', 'es-ES': 'producto/:id', 'en-US': 'product/:id' },
    title: 'page.product.title',
  },
  Senha: {
    paths: { 'pt-BR': 'redefinirsenha', 'es-ES': 'redefinirsenha', 'en-US': 'resetpassword' },
    title: 'page.resetPassword.title',
  },
  Confirmar: { paths: same('validatemail'), title: 'page.confirmEmail.title' },
  Voucher: { paths: same('voucher'), title: 'page.voucher.title' },
};

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
  const segments = pathname.split('/').filter(Boolean);
  let locale: Locale | null = null;
  let rest = segments;
  if (mode.multiLanguage && segments.length > 0) {
    const l = localeFromPrefix(segments[0] ?? '');
    if (l && segments[0]?.length === 2) {
      locale = l;
      rest = segments.slice(1);
    }
  }
  const relative = `/${rest.join('/')}`;
  const candidates: Locale[] = locale ? [locale] : [...LOCALES];
  for (const name of ROUTE_NAMES) {
    for (const l of candidates) {
      const m = matchPath({ path: `/${ROUTES[name].paths[l]}`, end: true }, relative);
      if (m) {
        const params: Record<string, string> = {};
        for (const [k, v] of Object.entries(m.params)) if (v !== undefined) params[k] = v;
        return { name, locale: locale ?? (mode.multiLanguage ? null : l), params };
      }
    }
  }
  return null;
}

/**
 * The same screen in another language (the language switch): `/pt/produto/1` → `/en/product/1`.
 * A path that is no screen goes to the other language's home.
 */
export function switchLanguagePath(
  pathname: string,
  search: string,
  target: Locale,
  mode: UrlMode,
): string {
  const match = matchAppPath(pathname, mode);
  const path = match
    ? pathFor(match.name, target, match.params, mode)
    : pathFor('Home', target, {}, mode);
  return `${path}${search}`;
}
