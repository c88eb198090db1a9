/**
 * Server-rendered pages. The storefront's renderer is built by Vite from src/entry-server.tsx
 * into `<dist>/.ssr/entry-server.js` (`npm run build`); this module imports that build (never
 * src/), loads the first view's catalogue answers through the same functions the RPC calls use
 * (no HTTP call to itself), and renders.
 *
 * A rendered page is cached per brand, language and path for {@link PAGE_TTL_MS} and dropped
 * at each catalogue sync; a page no screen has is cached once per brand and language. Pages that need a login render their frame (header, footer, the
 * page's loading state) and load their data in the browser.
 *
 * Without the built renderer (an old build, `vite dev`) or when a render fails, the page is the
 * shell alone: the browser renders it as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { type BrandConfig, FAQ_SLUGS, type Locale, RestPath } from '#schemas/contract.ts';
import { isFormId } from '#schemas/forms/index.ts';
import {
  type PageClassSets,
  type Preloaded,
  preloadKey,
  restPreloadKey,
} from '#schemas/preload.ts';
import { matchRoutePath } from '#schemas/route-paths.ts';
import { todayInSaoPaulo } from '#server/brands/schedule.ts';
import {
  type CatalogScope,
  getApresentacoes,
  getApresentacoesHorarios,
  getEventos,
} from '#server/catalog/catalog.ts';
import { contentOf, conteudo, conteudos, faqOf, pageBySlug } from '#server/content/pages.ts';
import type { Db } from '#server/db/client.ts';
import {
  type BrowserFormModule,
  browserFormModule,
  formFlags,
} from '#server/forms/browser-forms.ts';
import { NONCE_PLACEHOLDER } from '#server/html.ts';

/** How long a rendered page is served from the cache (stock on sale changes with sales). */
export const PAGE_TTL_MS = 30_000;

interface RenderModule {
  setFormModuleAddress(address: (brandId: string, formId: string, flags: string) => string): void;
  render(input: {
    brand: BrandConfig;
    url: string;
    locale: Locale;
    preloaded: Preloaded;
    nonce: string;
  }): Promise<{ html: string; head: string; classSets: PageClassSets }>;
}

/** A page as rendered: the root's HTML, its style elements, the answers and class sets it used. */
export interface RenderedPage {
  html: string;
  head: string;
  preloaded: Preloaded;
  /** The classes of the page's class sets (src/lib/class-sets.tsx). */
  classSets: PageClassSets;
}

export interface PageRenderer {
  /** The page at `pathname`, or null (no renderer, or the render failed: send the shell). */
  render(
    brand: LoadedBrand,
    config: BrandConfig,
    pathname: string,
    locale: Locale,
  ): Promise<RenderedPage | null>;
  /** Drops every cached page. */
  forget(): void;
  /** Loads the renderer and renders each brand's home pages, so the first visitor does not wait. */
  warm(brands: readonly LoadedBrand[], config: (brand: LoadedBrand) => BrandConfig): Promise<void>;
}

interface Entry {
  at: number;
  page: Promise<RenderedPage | null>;
}

/** A renderer over the build in `distDir`. */
export function createPageRenderer(opts: {
  distDir: string;
  db: Db;
  log?: (error: unknown, pathname: string) => void;
  now?: () => number;
}): PageRenderer {
  const now = opts.now ?? Date.now;
  const file = path.join(opts.distDir, '.ssr', 'entry-server.js');
  let module: Promise<RenderModule | null> | null = null;
  // The brands the renderer met, by id (the newest object of each): a page's forms are that
  // brand's, rendered from the modules the browser loads, as data: URLs.
  const brandsById = new Map<string, LoadedBrand>();
  // Asked on every render of a form: each module is encoded once.
  const dataUrls = new WeakMap<BrowserFormModule, string>();
  const formAddress = (brandId: string, formId: string, flags: string): string => {
    const brand = brandsById.get(brandId);
    if (!brand || !isFormId(formId)) return 'data:text/javascript,throw new Error("no form")';
    const mod = browserFormModule(brand, formId, formFlags(formId, flags.split(',')));
    let url = dataUrls.get(mod);
    if (url === undefined) {
      url = `data:text/javascript;base64,${Buffer.from(mod.code).toString('base64')}`;
      dataUrls.set(mod, url);
    }
    return url;
  };
  const load = () => {
    module ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<RenderModule>).then((m) => {
          m.setFormModuleAddress(formAddress);
          return m;
        })
      : Promise.resolve(null);
    return module;
  };
  const cache = new Map<string, Entry>();
  // Pages are cached per brand object: a brand changed on the running server (brands/watch.ts)
  // is a new object, so none of its pages is served from the old version.
  const brandKeys = new WeakMap<LoadedBrand, number>();
  let brandCount = 0;
  const brandKey = (brand: LoadedBrand): number => {
    let k = brandKeys.get(brand);
    if (k === undefined) {
      brandCount += 1;
      k = brandCount;
      brandKeys.set(brand, k);
    }
    return k;
  };

  const renderOnce = async (
    brand: LoadedBrand,
    config: BrandConfig,
    pathname: string,
    locale: Locale,
  ): Promise<RenderedPage | null> => {
    const renderer = await load();
    if (!renderer) return null;
    brandsById.set(brand.id, brand);
    try {
      const preloaded = await firstViewData(opts.db, brand, pathname, locale);
      const { html, head, classSets } = await renderer.render({
        brand: config,
        url: `http://storefront${encodeURI(pathname)}`,
        locale,
        preloaded,
        nonce: NONCE_PLACEHOLDER,
      });
      return { html, head, preloaded, classSets };
    } catch (error) {
      opts.log?.(error, pathname);
      return null;
    }
  };

  return {
    async render(brand, config, pathname, locale) {
      const known = matchRoutePath(pathname, brand.brand.multiLanguage) !== null;
      // A brand with one tree renders a path in each visitor's language: the language is part
      // of the key (with a prefix, the path says it).
      const key = `${brand.id}\u0000${brandKey(brand)}\u0000${locale}\u0000${known ? pathname : '404'}`;
      const hit = cache.get(key);
      if (hit && now() - hit.at < PAGE_TTL_MS) return hit.page;
      const page = renderOnce(brand, config, pathname, locale);
      cache.set(key, { at: now(), page });
      // A failed render is tried again by the next visitor.
      void page.then((p) => {
        if (p === null && cache.get(key)?.page === page) cache.delete(key);
      });
      return page;
    },
    forget() {
      cache.clear();
    },
    async warm(brands, config) {
      if (!(await load())) return;
      for (const brand of brands) {
        for (const locale of brand.brand.locales) {
          const home = brand.brand.multiLanguage ? `/${locale.slice(0, 2).toLowerCase()}` : '/';
          await this.render(brand, config(brand), home, locale);
        }
      }
    },
  };
}

/**
 * The answers the first view of a page shows (keys of schemas/preload.ts): on every page the
 * list of content pages (the footer links them); the event list on the home page; on an event
 * page the event, its days and the first day's times; on a content page its text or the FAQ.
 */
export async function firstViewData(
  db: Db,
  brand: LoadedBrand,
  pathname: string,
  locale: Locale,
): Promise<Preloaded> {
  const match = matchRoutePath(pathname, brand.brand.multiLanguage);
  const scope: CatalogScope = { db, brand, locale, idpessoaTipo: null };
  const content = await contentOf(brand);
  const list = conteudos(content, locale, todayInSaoPaulo());
  const out: Record<string, unknown> = { [restPreloadKey(locale, RestPath.conteudos)]: list };
  if (match?.name === 'Home') {
    out[preloadKey(locale, 'getEventos', [])] = await getEventos(scope);
  }
  if (match?.name === 'Produto') {
    const id = Number(match.params.id);
    const eventos = await getEventos(scope);
    out[preloadKey(locale, 'getEventos', [])] = eventos;
    if (eventos.some((e) => e.idevento === id)) {
      const days = await getApresentacoes(scope, id);
      out[preloadKey(locale, 'getApresentacoes', [id])] = days;
      // The first day's times: the page opens on it.
      const first = days.dates[0]?.dia;
      if (first) {
        out[preloadKey(locale, 'getApresentacoesHorarios', [id, first])] =
          await getApresentacoesHorarios(scope, id, first);
      }
    }
  }
  if (match?.name === 'Informacoes' || match?.name === 'Politicas') {
    const pagina = match.params.pagina ?? '';
    if (match.name === 'Informacoes' && pagina === FAQ_SLUGS[locale] && content.faq) {
      out[restPreloadKey(locale, RestPath.faq)] = faqOf(content.faq[locale]);
    }
    const section = match.name === 'Informacoes' ? 'informacoes' : 'politicas';
    const page = pageBySlug(content, section, locale, pagina);
    const doc = page ? conteudo(content, page.key, locale) : null;
    if (doc) out[restPreloadKey(locale, RestPath.conteudo(doc.id))] = doc;
  }
  return out;
}
