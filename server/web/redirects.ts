/**
 * Addresses that lead somewhere else (spec §2), answered with a permanent redirect before any
 * page is rendered:
 *
 * - the other translated paths of spec §2 (pt / en / es): `contacto` (the Spanish word) → the
 *   contact form (route Contato, `contato` / `contact`); matches and presale matches
 *   (jogos, matches, jogos-venda, matches-presale, jogos-venta) → home, where the events are;
 *   buy intention and steps (intencaodecompra, buy-intention, intenciondecompra, etapas, steps)
 *   → checkout; record (registro, record) → profile;
 * - malformed cookie-policy addresses (a last segment that names cookies but is not the page:
 *   `/pt/politicas/cookie`, `/en/cookies-policy`, `/es/politica-de-cookies`) → the cookies page
 *   of the language (content key `cookies`).
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import type { RouteName } from '#schemas/route-paths.ts';
import type { BrandContent } from '#server/content/pages.ts';
import { sitePath } from './sitemap';

const TARGETS: Readonly<Record<string, RouteName>> = {
  contacto: 'Contato',
  jogos: 'Home',
  matches: 'Home',
  'jogos-venda': 'Home',
  'matches-presale': 'Home',
  'jogos-venta': 'Home',
  intencaodecompra: 'Checkout',
  'buy-intention': 'Checkout',
  intenciondecompra: 'Checkout',
  etapas: 'Checkout',
  steps: 'Checkout',
  registro: 'Perfil',
  record: 'Perfil',
};

function pathOf(brand: LoadedBrand, locale: Locale, name: RouteName, pagina?: string): string {
  return sitePath(brand, name, locale, pagina === undefined ? {} : { pagina });
}

/** Where `pathname` leads, or null when it is an address of its own. */
export function redirectFor(
  brand: LoadedBrand,
  content: BrandContent,
  pathname: string,
  locale: Locale,
): string | null {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const prefixed = brand.brand.multiLanguage && segments[0] === locale.slice(0, 2);
  const rest = prefixed ? segments.slice(1) : segments;
  if (rest.length === 0) return null;
  const page = (key: string, section: 'informacoes' | 'politicas') => {
    const doc = content.pages.get(key)?.[locale];
    if (!doc?.sections.includes(section)) return null;
    return pathOf(brand, locale, section === 'politicas' ? 'Politicas' : 'Informacoes', doc.slug);
  };
  if (rest.length === 1) {
    const target = TARGETS[rest[0]!];
    if (target) return pathOf(brand, locale, target);
  }
  const last = rest.at(-1)!;
  if (/cookie/.test(last)) {
    const cookies = page('cookies', 'politicas') ?? page('cookies', 'informacoes');
    if (cookies && cookies !== pathname.replace(/\/+$/, '').toLowerCase()) return cookies;
  }
  return null;
}
