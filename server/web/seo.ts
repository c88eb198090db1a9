/**
 * What search engines and link previews read in a rendered page's head: the page's own title
 * and description, its canonical address and the same page in the brand's other languages
 * (hreflang, x-default), `noindex` on the pages spec §2 hides (reset password, validate e-mail,
 * my orders) and on pages that do not exist, Open Graph and Twitter card tags from the brand
 * and the event, and on an event page its schema.org Event as JSON-LD (Google's Event rich
 * result: name, dates, place, offers with the price in BRL, availability, validFrom).
 *
 * Built from the answers the page was rendered with (no other query) for each answer, since
 * the addresses start with the brand's configured public origin (server/brands/origin.ts).
 */
import type { Event, Offer, WithContext } from 'schema-dts';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import {
  type Conteudo,
  type Evento,
  FAQ_SLUGS,
  type Faq,
  type GetApresentacoesResult,
  type Locale,
  RestPath,
} from '#schemas/contract.ts';
import { type Preloaded, preloadKey, restPreloadKey } from '#schemas/preload.ts';
import { matchRoutePath, type RouteName } from '#schemas/route-paths.ts';
import { shopInstant, shopWallClock } from '#schemas/shop-time.ts';
import { escapeHtml } from '#server/html.ts';
import { jsonForScript } from './index-html';
import { sitePath as pathOf } from './sitemap';

/** The head of one page: its title and description (null: the brand's) and the other tags. */
export interface PageHead {
  title: string | null;
  description: string | null;
  tags: string;
}

const HIDDEN: readonly RouteName[] = ['Senha', 'Confirmar', 'MeusPedidos', 'Checkin', 'Newsletter'];
const OG_LOCALE: Record<Locale, string> = { 'pt-BR': 'pt_BR', 'es-ES': 'es_ES', 'en-US': 'en_US' };

/** An instant of the shop's wall clock (`YYYY-MM-DD HH:MM`) as ISO 8601 with its offset. */
export function shopIso(text: string): string | null {
  const instant = shopInstant(text);
  if (!instant) return null;
  const wall = shopWallClock(instant);
  const offsetMin = Math.round(
    (Date.parse(`${wall.date}T${wall.time}Z`) - instant.getTime()) / 60_000,
  );
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${wall.date}T${wall.time.slice(0, 5)}:00${sign}${hh}:${mm}`;
}

/** The schema.org Event of an event page. */
export function eventJsonLd(
  evento: Evento,
  days: GetApresentacoesResult,
  url: string,
  origin: string,
  brand: LoadedBrand,
  locale: Locale,
): WithContext<Event> | null {
  const sessions = [...days.apresentacoes].sort((a, b) =>
    a.dthr_apresentacao.localeCompare(b.dthr_apresentacao),
  );
  const first = sessions[0];
  const last = sessions.at(-1);
  const startDate = first ? shopIso(first.dthr_apresentacao) : null;
  if (!startDate || !last) return null;
  const available = sessions.some((s) => s.disponivel > 0);
  const offer: Offer = {
    '@type': 'Offer',
    url,
    priceCurrency: 'BRL',
    ...(evento.a_partir_de !== null ? { price: evento.a_partir_de.toFixed(2) } : {}),
    availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    // Sales are open from today's catalogue on (the sessions on sale now).
    validFrom: shopIso(`${shopWallClock(new Date()).date} 00:00`) ?? startDate,
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: evento.dscevento,
    description: evento.descricao,
    image: [`${origin}${evento.imagem}`],
    startDate,
    endDate: shopIso(last.dthr_apresentacao) ?? startDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: evento.local,
      address: { '@type': 'PostalAddress', streetAddress: evento.local, addressCountry: 'BR' },
    },
    organizer: { '@type': 'Organization', name: brand.brand.logos.alt[locale], url: origin },
    offers: offer,
  };
}

const meta = (attr: 'name' | 'property', key: string, value: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

/** The head of the page at `pathname` rendered with `preloaded`. */
export function pageHead(opts: {
  brand: LoadedBrand;
  locale: Locale;
  pathname: string;
  origin: string;
  preloaded: Preloaded;
  status: number;
}): PageHead {
  const { brand, locale, pathname, origin, preloaded } = opts;
  const match = matchRoutePath(pathname, brand.brand.multiLanguage);
  const tags: string[] = [];
  let title: string | null = null;
  let description: string | null = null;
  let image = `${origin}${brand.brand.logos.header}`;
  let type = 'website';
  let jsonLd: unknown = null;

  if (!match || opts.status !== 200 || HIDDEN.includes(match.name)) {
    tags.push(meta('name', 'robots', 'noindex'));
  }
  if (match && opts.status === 200) {
    // The same page in each language: content pages take their slug in that language.
    let paramsIn = (_l: Locale): Record<string, string> => match.params;
    if (match.name === 'Informacoes' || match.name === 'Politicas') {
      const pagina = match.params.pagina ?? '';
      const doc =
        Object.values(preloaded).find(
          (v): v is Conteudo =>
            !!v && typeof v === 'object' && 'slugs' in v && 'html' in v && v.slugs !== null,
        ) ?? null;
      if (doc?.slugs) {
        const slugs = doc.slugs;
        paramsIn = (l) => ({ pagina: slugs[l] });
        title = doc.titulo;
        description = doc.descricao;
        type = 'article';
      } else if (pagina === FAQ_SLUGS[locale]) {
        paramsIn = (l) => ({ pagina: FAQ_SLUGS[l] });
        const faq = preloaded[restPreloadKey(locale, RestPath.faq)] as Faq | undefined;
        if (faq) {
          title = faq.titulo;
          description = faq.descricao;
        }
      }
    }
    const canonical = `${origin}${pathOf(brand, match.name, locale, paramsIn(locale))}`;
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
    if (brand.brand.multiLanguage) {
      for (const l of brand.brand.locales) {
        const href = `${origin}${pathOf(brand, match.name, l, paramsIn(l))}`;
        tags.push(`<link rel="alternate" hreflang="${l}" href="${escapeHtml(href)}">`);
      }
      const fallback = `${origin}${pathOf(brand, match.name, brand.brand.defaultLocale, paramsIn(brand.brand.defaultLocale))}`;
      tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(fallback)}">`);
    }
    if (match.name === 'Produto') {
      const id = Number(match.params.id);
      const eventos = preloaded[preloadKey(locale, 'getEventos', [])] as Evento[] | undefined;
      const evento = eventos?.find((e) => e.idevento === id);
      const days = preloaded[preloadKey(locale, 'getApresentacoes', [id])] as
        | GetApresentacoesResult
        | undefined;
      if (evento) {
        title = evento.dscevento;
        description = evento.descricao;
        image = `${origin}${evento.imagem}`;
        if (days) jsonLd = eventJsonLd(evento, days, canonical, origin, brand, locale);
      }
    }
    tags.push(meta('property', 'og:url', canonical));
  }

  const brandTitle = brand.brand.title[locale];
  const fullTitle = title ? `${title} · ${brandTitle}` : brandTitle;
  const fullDescription = description ?? brand.brand.description[locale];
  tags.push(
    meta('property', 'og:type', type),
    meta('property', 'og:site_name', brand.brand.logos.alt[locale]),
    meta('property', 'og:locale', OG_LOCALE[locale]),
    meta('property', 'og:title', fullTitle),
    meta('property', 'og:description', fullDescription),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', fullTitle),
    meta('name', 'twitter:description', fullDescription),
    meta('name', 'twitter:image', image),
  );
  if (jsonLd) {
    tags.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`);
  }
  return { title: title ? fullTitle : null, description, tags: tags.join('\n    ') };
}
