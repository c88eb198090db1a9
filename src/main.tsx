import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { BRAND_CONFIG_ELEMENT_ID, type BrandConfig, type Locale } from '#schemas/contract.ts';
import { warmHttp } from '#src/api/client.ts';
import { fetchBrandConfig } from '#src/api/rest.ts';
import { App } from '#src/app/app.tsx';
import { AppRoutes, callsApiOnArrival, preloadPage } from '#src/app/router.tsx';
import { ClassSetRegistry, readClassSets } from '#src/lib/class-sets.tsx';
import { captureExtraParams } from '#src/lib/extra-params.ts';
import { setupInspector, wantsInspector } from '#src/lib/inspect.ts';
import {
  isLocale,
  loadAllTextsOnFirstTouch,
  loadMessages,
  localeFromPrefix,
  preferredLocale,
  RenderedLocaleContext,
  setCurrentLocale,
  showLocale,
} from '#src/lib/locale.ts';
import { readPreloaded } from '#src/lib/preloaded.tsx';
import { getToken } from '#src/lib/session-store.ts';
import { clearOnNewVersion } from '#src/lib/storage.ts';
import { lazySource, wantsDebug } from '#src/lib/style-system.tsx';
import { setMaintenance, whenPageReady } from '#src/lib/ui-stores.ts';

/** The brand config the server inlined into index.html; null in `vite dev`. */
function inlineBrandConfig(): BrandConfig | null {
  const el = document.getElementById(BRAND_CONFIG_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as BrandConfig;
  } catch {
    return null;
  }
}

/** The page's CSP nonce (the server's `<meta property="csp-nonce">`; none in `vite dev`). */
function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || undefined;
}

function initialLocale(brand: BrandConfig) {
  const prefix = window.location.pathname.split('/')[1] ?? '';
  const fromUrl = brand.multiLanguage ? localeFromPrefix(prefix) : null;
  if (fromUrl && brand.locales.includes(fromUrl)) return fromUrl;
  return renderedLocale(brand) ?? preferredLocale(brand);
}

/**
 * The language the server rendered the page in, where no URL prefix says it (a brand with one
 * tree): the page's `<html lang>`. The page hydrates in it (src/lib/locale.ts).
 */
function renderedLocale(brand: BrandConfig): Locale | null {
  if (brand.multiLanguage || document.getElementById('root')?.firstElementChild == null) {
    return null;
  }
  const lang = document.documentElement.lang;
  return isLocale(lang) && brand.locales.includes(lang) ? lang : null;
}

/** Without an inlined config (vite dev) the API gives it; it may still be starting. */
async function fetchConfigWithRetry(): Promise<BrandConfig> {
  for (let attempt = 1; ; attempt++) {
    try {
      const brand = await fetchBrandConfig();
      setMaintenance(false);
      return brand;
    } catch (e) {
      if (attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, attempt * 1000));
    }
  }
}

async function boot(): Promise<void> {
  const search = window.location.search;
  captureExtraParams(search);
  const inspector = wantsInspector(search) ? setupInspector() : Promise.resolve();
  const brand = inlineBrandConfig() ?? (await fetchConfigWithRetry());
  // A new application version clears what the browser kept of the old one (spec §4).
  clearOnNewVersion(brand.version);
  const locale = initialLocale(brand);
  setCurrentLocale(locale);
  showLocale(locale);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  // A page the server rendered is hydrated: its page code loads first, so it hydrates at once.
  const rendered = root.firstElementChild !== null;
  // A signed-in visitor's page that calls the API as soon as it runs (orders, profile) gets the
  // HTTP library with its texts instead of after them. One whose first view needs no call (home,
  // an event, the checkout's prefetched hold) gets it once that view is on screen, before the
  // calls of what follows (the header's count, the payment).
  if (getToken()) {
    if (callsApiOnArrival(window.location.pathname, brand.multiLanguage)) warmHttp();
    else whenPageReady(warmHttp);
  }
  // The style system (Chakra, emotion, the brand's theme) loads when a part of the page first
  // needs it (src/lib/style-system.tsx): the first view of the home and event pages does not.
  const debug = wantsDebug(search);
  const styleSystem = lazySource(() =>
    import('#src/lib/style-system-load.tsx').then((m) =>
      m.loadStyleSystem({ theme: brand.theme, nonce: cspNonce(), debug, rendered }),
    ),
  );
  // `?debug` outlines every element through the global styles the system writes.
  if (debug) styleSystem.start();
  // The first screen's texts arrive with the shell instead of after it. The page's code first:
  // a page other than home and the event page asks for all of its language's texts, and for
  // the style system when its first view needs it.
  const page = rendered
    ? preloadPage(window.location.pathname, brand.multiLanguage, styleSystem)
    : null;
  const loaded = Promise.all([loadMessages(locale), inspector, page]);
  loadAllTextsOnFirstTouch();
  await loaded;
  const app = (
    <App
      brand={brand}
      styleSystem={styleSystem}
      classSets={new ClassSetRegistry(styleSystem, rendered ? readClassSets() : {})}
      preloaded={rendered ? readPreloaded() : {}}
    >
      {/* No transitions: a tap on a link shows the new page's loading frame at once instead of
          keeping the old page on screen, without feedback, while the new one loads. */}
      <RenderedLocaleContext value={renderedLocale(brand)}>
        <BrowserRouter useTransitions={false}>
          <AppRoutes brand={brand} />
        </BrowserRouter>
      </RenderedLocaleContext>
    </App>
  );
  // Hydrating in a transition lets React yield to the browser between slices of work: the
  // page stays responsive (no long task) while it becomes interactive.
  if (rendered) {
    startTransition(() => void hydrateRoot(root, app));
    // A guest's page is on screen without a call; the HTTP library comes with the first touch,
    // before the call that touch may start needs it.
    // The style system too: what a tap opens (a dialog, a menu, another page) is styled by it.
    const firstTouch = () => {
      warmHttp();
      styleSystem.start();
    };
    for (const type of ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const) {
      window.addEventListener(type, firstTouch, { once: true, passive: true, capture: true });
    }
  } else createRoot(root).render(app);
}

void boot();
