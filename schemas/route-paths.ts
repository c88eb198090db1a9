import { LOCALES, type Locale } from './contract';

/**
 * The paths of spec §2's screens, one per language: relative (no leading slash, no language
 * prefix), `:name` marks a parameter. The storefront's route table (src/lib/routes.ts) and the
 * server (status codes of page requests) both read them.
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
  'Checkin',
  'Contato',
  'Newsletter',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

const same = (path: string): Record<Locale, string> => ({
  'pt-BR': path,
  'es-ES': path,
  'en-US': path,
});

export const ROUTE_PATHS: Record<RouteName, Record<Locale, string>> = {
  Home: same(''),
  Perfil: { 'pt-BR': 'perfil', 'es-ES': 'perfil', 'en-US': 'profile' },
  Checkout: same('checkout'),
  Informacoes: {
    'pt-BR': 'informacoes/:pagina',
    'es-ES': 'informacion/:pagina',
    'en-US': 'information/:pagina',
  },
  Politicas: {
    'pt-BR': 'politicas/:pagina',
    'es-ES': 'politicas/:pagina',
    'en-US': 'policies/:pagina',
  },
  MeusPedidos: { 'pt-BR': 'meuspedidos', 'es-ES': 'peticiones', 'en-US': 'requests' },
  Produto: { 'pt-BR': 'produto/:id', 'es-ES': 'producto/:id', 'en-US': 'product/:id' },
  Senha: { 'pt-BR': 'redefinirsenha', 'es-ES': 'redefinirsenha', 'en-US': 'resetpassword' },
  Confirmar: same('validatemail'),
  Voucher: same('voucher'),
  // The gate's page for the brand's staff (issue 13 item 7): one path in every language.
  Checkin: same('checkin'),
  // The contact form (spec §2 "contact (contato / contact / contato)"; issue 14 item 1).
  Contato: { 'pt-BR': 'contato', 'es-ES': 'contato', 'en-US': 'contact' },
  // The newsletter's confirmation and unsubscribe links (issue 14 item 2): ?acao=&token=.
  Newsletter: same('newsletter'),
};

export interface RoutePathMatch {
  name: RouteName;
  /** The language of the prefix; without one, the language whose path matched (single tree) or null. */
  locale: Locale | null;
  params: Record<string, string>;
}

/** The locale of a two-letter URL prefix (`pt`, `es`, `en`). */
function prefixLocale(segment: string): Locale | null {
  if (segment.length !== 2) return null;
  return LOCALES.find((l) => l.slice(0, 2) === segment.toLowerCase()) ?? null;
}

function matchSegments(pattern: string, segments: string[]): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const seg = segments[i] as string;
    if (part.startsWith(':')) params[part.slice(1)] = seg;
    else if (part.toLowerCase() !== seg.toLowerCase()) return null;
  }
  return params;
}

/**
 * Which screen a pathname shows (case-insensitive, trailing slash ignored). With a language
 * prefix the path must be that language's; without one (single tree, or an unprefixed link) a
 * path of any language matches.
 */
export function matchRoutePath(pathname: string, multiLanguage: boolean): RoutePathMatch | null {
  const segments = pathname.split('/').filter(Boolean);
  const prefixed = multiLanguage && segments.length > 0 ? prefixLocale(segments[0] ?? '') : null;
  const rest = prefixed ? segments.slice(1) : segments;
  const candidates: readonly Locale[] = prefixed ? [prefixed] : LOCALES;
  for (const name of ROUTE_NAMES) {
    for (const l of candidates) {
      const params = matchSegments(ROUTE_PATHS[name][l], rest);
      if (params) return { name, locale: prefixed ?? (multiLanguage ? null : l), params };
    }
  }
  return null;
}
