/**
 * The page's one script in its HTML: the server's page is painted first, then the storefront's
 * code is asked for and run. The browser would otherwise fetch and run ~180 KiB of code (and
 * build the style system) before the first paint of a page it already has in full: on a phone on
 * a slow link that code shares the bandwidth with the page's own images and delays what the
 * visitor sees. A page to render in the browser (nothing rendered: `vite dev`'s empty shell)
 * does not wait.
 *
 * The code runs in stages, each in a task of its own (React's DOM renderer, the libraries, the
 * page's frame, then the storefront), so the page answers a tap between them
 * instead of freezing for the whole evaluation. Every stage's files are asked for at once before the first
 * runs: the build writes their list here (scripts/vite-plugin-boot-graph.ts).
 */
import type { Locale } from '#schemas/contract.ts';
import { SERVED_PATH_META } from '#schemas/preload.ts';
import { EARLY_CART_ATTRIBUTE, startEarlyCart } from '#src/api/early-rpc.ts';
import { afterNextPaint, nextTask } from '#src/lib/after-paint.ts';
import { firstVisitTextsFile, setFirstVisitTexts } from '#src/lib/first-visit-texts.ts';
import { warmIntl } from '#src/lib/intl-warm.ts';

const BOOT_GRAPH = '__BOOT_GRAPH__';
/**
 * The checkout's own files (scripts/vite-plugin-boot-graph.ts). Its frame comes from the server
 * and its content needs the code: asked for with the boot's, they load in parallel with it, and
 * Vite's loader later finds them asked for (it would add their ~40 module preloads in one task
 * as the page's code is imported, ~75 ms on a phone).
 */
const CHECKOUT_GRAPH = '__CHECKOUT_GRAPH__';
/** Each language's first-visit texts (scripts/vite-plugin-first-visit-texts.ts). */
const FIRST_VISIT_TEXTS = '__FIRST_VISIT_TEXTS__';

const STAGES = [
  () => import('react-dom/client'),
  () => import('#src/boot-libraries.ts'),
  () => import('#src/app/layout/shell.tsx'),
];

/**
 * Module preloads added per task: each starts a fetch (~2 ms on this project's 2-core machine,
 * cached or not), and all ~40 at once are a long task; twelve were still one of ~20 ms, which a
 * phone four times slower makes a blocking one.
 */
const PRELOAD_BATCH = 6;

async function preloadBoot(): Promise<void> {
  if (BOOT_GRAPH.startsWith('__')) return; // vite dev: no build, no list
  const seen = new Set(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute('href'),
    ),
  );
  // The page's texts with the code (the server wrote the page's language on <html>).
  const lang = document.documentElement.lang as Locale;
  const texts = firstVisitTextsFile(lang);
  const page = document.querySelector(`[${EARLY_CART_ATTRIBUTE}]`) ? CHECKOUT_GRAPH.split(',') : [];
  const hrefs = [...BOOT_GRAPH.split(','), ...(texts ? [texts] : []), ...page].filter(
    (href) => !seen.has(href),
  );
  // In the order of the stages: the first stage's files are asked for first.
  for (let i = 0; i < hrefs.length; i += PRELOAD_BATCH) {
    if (i > 0) await nextTask();
    const links = document.createDocumentFragment();
    for (const href of hrefs.slice(i, i + PRELOAD_BATCH)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
  }
}

/**
 * A page served at another address than its own (`/` is the home of the visitor's language)
 * takes its own before anything reads the URL: the router hydrates the page it is, and the
 * address bar, a bookmark and a shared link say the language.
 */
function takeServedPath(): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SERVED_PATH_META}"]`);
  const path = meta?.content;
  if (!path?.startsWith('/') || path.startsWith('//') || path === window.location.pathname) return;
  const { search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${path}${search}${hash}`);
}

async function start(): Promise<void> {
  takeServedPath();
  if (!FIRST_VISIT_TEXTS.startsWith('__')) setFirstVisitTexts(FIRST_VISIT_TEXTS);
  const rendered = document.getElementById('root')?.firstElementChild != null;
  if (rendered) {
    // What the page's first view needs from the API (the checkout's cart) is asked for now,
    // while the code loads; so is the formatting library its dates and prices need.
    startEarlyCart();
    warmIntl(document.documentElement.lang || 'pt-BR');
    await afterNextPaint();
    await preloadBoot();
    for (const stage of STAGES) {
      await stage();
      await nextTask();
    }
  }
  await import('#src/main.tsx');
}

void start();
