/**
 * The server's renderer: one page of the storefront as HTML, from the same route table and
 * components as the browser, with React's streaming renderer (`renderToPipeableStream`). The
 * server builds this file with Vite (`vite build --ssr`, into `<dist>/.ssr/`) and imports the
 * built module; it never imports `src/` itself.
 *
 * The page waits for every lazy page and every preloaded answer (`onAllReady`): a page is
 * rendered once per brand, language and path and then served from the server's cache, and a
 * search engine gets the whole page. Emotion's styles are collected while rendering and the
 * ones the page uses go into its head as `<style>` elements with the CSP nonce (collected, not
 * written inline: a rule first met in a Suspense fallback that is not sent would otherwise be
 * missing from the page); the browser's emotion takes them over when it starts.
 */
import { Writable } from 'node:stream';
import type { SystemContext } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { BrandConfig, Locale } from '#schemas/contract.ts';
import type { PageClassSets, Preloaded } from '#schemas/preload.ts';
import { App } from '#src/app/app.tsx';
import { PAGE_WIDE_CLASS_SETS, ROUTE_CLASS_SETS } from '#src/app/page-wide-class-sets.ts';
import { AppRoutes } from '#src/app/router.tsx';
import { createBrandSystem } from '#src/lib/brand-system.ts';
import { ClassSetRegistry } from '#src/lib/class-sets.tsx';
import { RenderedLocaleContext } from '#src/lib/locale.ts';
import { matchAppPath } from '#src/lib/routes.ts';
import { STYLE_CACHE_KEY, settledSource } from '#src/lib/style-system.tsx';
import { GlobalStyles, styleSystemOf } from '#src/lib/style-system-load.tsx';

/** The server sets where forms come from (the text of its modules, server/forms/browser-forms.ts). */
export { setFormModuleAddress } from '#src/components/forms/load-form.ts';

export interface RenderInput {
  /** The brand's public config (as inlined into the page). */
  brand: BrandConfig;
  /** The page's absolute URL. */
  url: string;
  /**
   * The page's language: its URL prefix's, or for a brand with one tree the visitor's (cookie,
   * Accept-Language), which the page is rendered in.
   */
  locale: Locale;
  /** Answers the page's first view needs (see schemas/preload.ts). */
  preloaded: Preloaded;
  /** The CSP nonce the style elements carry. */
  nonce: string;
}

export interface RenderOutput {
  /** What goes inside the root element of index.html. */
  html: string;
  /** The page's style elements, for its head. */
  head: string;
  /** The classes of the class sets the page used, for its hydration (src/lib/class-sets.tsx). */
  classSets: PageClassSets;
}

const systems = new Map<string, SystemContext>();

/** One Chakra system per brand theme (building one takes a few milliseconds). */
function systemFor(brand: BrandConfig): SystemContext {
  const key = JSON.stringify(brand.theme);
  let system = systems.get(key);
  if (!system) {
    system = createBrandSystem(brand.theme, { debug: false });
    systems.set(key, system);
  }
  return system;
}

/** Renders one page; rejects when the page cannot be rendered (the server then sends the shell). */
export async function render(input: RenderInput): Promise<RenderOutput> {
  const url = new URL(input.url);
  // A cache per page, in "compat" mode: rules are collected in the cache instead of written
  // beside the elements.
  const styleCache = createCache({ key: STYLE_CACHE_KEY, nonce: input.nonce });
  styleCache.compat = true;
  const system = systemFor(input.brand);
  // The page's global styles first (reset, tokens, the layers' order), rendered apart: the
  // page's tree has no global styles (Chakra's parts get the system from WithStyleSystem,
  // src/lib/style-system.tsx), so that the browser hydrates the same tree without them.
  renderToStaticMarkup(<GlobalStyles system={system} cache={styleCache} />);
  const loaded = styleSystemOf(system, styleCache);
  const styleSystem = settledSource(loaded);
  const classSets = new ClassSetRegistry(styleSystem);
  const element = (
    <App
      brand={input.brand}
      styleSystem={styleSystem}
      classSets={classSets}
      preloaded={input.preloaded}
    >
      <RenderedLocaleContext value={input.brand.multiLanguage ? null : input.locale}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppRoutes brand={input.brand} />
        </StaticRouter>
      </RenderedLocaleContext>
    </App>
  );
  const html = await renderToString(element, input.nonce);
  const route = matchAppPath(url.pathname, { multiLanguage: input.brand.multiLanguage })?.name;
  const routeSets = (route && ROUTE_CLASS_SETS[route]) || [];
  for (const set of [...PAGE_WIDE_CLASS_SETS, ...routeSets]) classSets.resolve(set, loaded);
  const styles = createEmotionServer(styleCache);
  // Emotion keeps the rules of the classes the HTML names; a class set's every class goes with
  // the page too, as the browser may apply any of them without resolving it (the picked time's
  // look, on a page rendered with none picked).
  const used = classSets.classNames().join(' ');
  const chunks = styles.extractCriticalToChunks(`${html}\n${used}`);
  // Each WithStyleSystem's provider has a global style of nothing (style-system-load.tsx).
  chunks.styles = chunks.styles.filter((chunk) => chunk.css !== '');
  return { html, head: styles.constructStyleTagsFromChunks(chunks), classSets: classSets.toJSON() };
}

function renderToString(element: React.ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        done();
        if (failed) reject(failed);
        else resolve(Buffer.concat(chunks).toString('utf8'));
      },
    });
    const stream = renderToPipeableStream(element, {
      nonce,
      // The page is sent whole (it waits for onAllReady): no boundary is sent apart and
      // completed by an inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        failed ??= error;
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('render timed out')), 10_000);
    sink.on('finish', () => clearTimeout(timer));
  });
}
