import { type ComponentType, lazy, useMemo } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import type { BrandConfig, Locale } from '#schemas/contract.ts';
import { prefetchCheckoutCart } from '#src/features/cart/prefetch.ts';
import { preferredLocale, prefixOf, withAllTexts } from '#src/lib/locale.ts';
import { type PreloadableLazy, preloadableLazy } from '#src/lib/preloadable-lazy.ts';
import {
  matchAppPath,
  NOT_FOUND_TITLE,
  pathFor,
  ROUTE_NAMES,
  ROUTES,
  type RouteName,
  type UrlMode,
} from '#src/lib/routes.ts';
import { type StyleSystemSource, WithStyleSystem } from '#src/lib/style-system.tsx';
import { LocaleLayout } from './layout/locale-layout';
import { DEV_FORMS_TITLE, type RouteHandle } from './route-handle';

// Every page is its own chunk: the first visit downloads the shell and the page it lands on.
// Home, the event page and the checkout render with the first visit's texts (vite.config.ts);
// every other page waits for all of its language's texts too.
const PAGE_IMPORTS = {
  Home: () => import('./routes/home').then((m) => m.HomePage),
  Produto: () => import('./routes/produto').then((m) => m.ProdutoPage),
  // The checkout's first view has its texts with the first visit's too; the rest load with its
  // sections (src/app/routes/checkout.tsx).
  Checkout: () => import('./routes/checkout').then((m) => m.CheckoutPage),
  MeusPedidos: withAllTexts(() => import('./routes/meus-pedidos').then((m) => m.MeusPedidosPage)),
  Perfil: withAllTexts(() => import('./routes/perfil').then((m) => m.PerfilPage)),
  Senha: withAllTexts(() => import('./routes/senha').then((m) => m.SenhaPage)),
  Confirmar: withAllTexts(() => import('./routes/confirmar').then((m) => m.ConfirmarPage)),
  Informacoes: withAllTexts(() => import('./routes/content-page').then((m) => m.InformacoesPage)),
  Politicas: withAllTexts(() => import('./routes/content-page').then((m) => m.PoliticasPage)),
  Voucher: withAllTexts(() => import('./routes/voucher').then((m) => m.VoucherPage)),
  Checkin: withAllTexts(() => import('./routes/checkin').then((m) => m.CheckinPage)),
  Contato: withAllTexts(() => import('./routes/contato').then((m) => m.ContatoPage)),
  Newsletter: withAllTexts(() => import('./routes/newsletter').then((m) => m.NewsletterPage)),
} satisfies Partial<Record<RouteName, () => Promise<ComponentType>>>;

type PageName = keyof typeof PAGE_IMPORTS;
const isPageName = (name: RouteName): name is PageName => name in PAGE_IMPORTS;

/**
 * The pages whose first view is plain elements styled by class sets (src/lib/class-sets.tsx):
 * they render without the style system. Every other page is Chakra components and renders
 * inside WithStyleSystem (the browser loads the system with the page's code).
 */
const PLAIN_PAGES: ReadonlySet<RouteName> = new Set(['Home', 'Produto', 'Checkout']);

/**
 * Whether the page at `pathname` asks the API through the HTTP client as soon as it runs (a
 * signed-in visitor's orders, profile…). The plain pages do not: home's and the event page's
 * data are in the page, and the checkout's first calls are its prefetch
 * (src/features/cart/prefetch.ts).
 */
export function callsApiOnArrival(pathname: string, multiLanguage: boolean): boolean {
  const match = matchAppPath(pathname, { multiLanguage });
  return match !== null && !PLAIN_PAGES.has(match.name);
}

const pageCache = new Map<PageName, PreloadableLazy<object>>();
function lazyPage(name: PageName) {
  let Page = pageCache.get(name);
  if (!Page) {
    Page = preloadableLazy<object>(PAGE_IMPORTS[name]);
    pageCache.set(name, Page);
  }
  return Page;
}

/**
 * Loads the code of the page at `pathname` (before hydrating a server-rendered page, so the
 * page hydrates at once instead of waiting behind its Suspense boundary).
 */
export async function preloadPage(
  pathname: string,
  multiLanguage: boolean,
  styleSystem: StyleSystemSource,
): Promise<void> {
  const match = matchAppPath(pathname, { multiLanguage });
  const loads: Promise<unknown>[] = [];
  if (match && !PLAIN_PAGES.has(match.name)) loads.push(Promise.resolve(styleSystem));
  if (!match) loads.push(NotFoundPage.preload(), Promise.resolve(styleSystem));
  else if (isPageName(match.name)) loads.push(lazyPage(match.name).preload());
  if (match?.name === 'Produto' || match?.name === 'Checkout') loads.push(CartScope.preload());
  // Its data too: the checkout renders its frame on the server and its cart in the browser.
  if (match?.name === 'Checkout') prefetchCheckoutCart();
  await Promise.all(loads);
}

const CartScope = preloadableLazy(() => import('./routes/cart-scope').then((m) => m.CartScope));
const PlaceholderPage = lazy(
  withAllTexts(() => import('./routes/placeholder').then((m) => ({ default: m.PlaceholderPage }))),
);
const NotFoundPage = preloadableLazy(() =>
  import('./routes/not-found').then((m) => m.NotFoundPage),
);

/**
 * Development pages (/dev/forms): in `vite dev`, and where the server serves them
 * (STOREFRONT_DEV_PAGES=1 puts `data-dev-pages` on the page's root element; the browser tests'
 * server does). Elsewhere the path is not found and the page's code is never loaded. The
 * server does not render these pages, so this is only read in the browser.
 */
const devPagesOn = () =>
  import.meta.env.DEV ||
  (typeof document !== 'undefined' && document.documentElement.hasAttribute('data-dev-pages'));
const DevFormsPage = lazy(
  withAllTexts(() =>
    import('#src/features/dev-forms/dev-forms-page.tsx').then((m) => ({
      default: m.DevFormsPage,
    })),
  ),
);

/** The dev routes, relative to a language subtree (or absolute with `prefix` '/'). */
function devRoutes(prefix = ''): RouteObject[] {
  if (!devPagesOn()) return [];
  const handle: RouteHandle = { title: DEV_FORMS_TITLE };
  return [
    {
      path: `${prefix}dev/forms`,
      element: (
        <WithStyleSystem>
          <DevFormsPage />
        </WithStyleSystem>
      ),
      handle,
    },
  ];
}

function page(name: RouteName) {
  if (!isPageName(name)) {
    return (
      <WithStyleSystem>
        <PlaceholderPage route={name} />
      </WithStyleSystem>
    );
  }
  const Page = lazyPage(name);
  if (PLAIN_PAGES.has(name)) return <Page />;
  return (
    <WithStyleSystem>
      <Page />
    </WithStyleSystem>
  );
}

function screen(name: RouteName, locale: Locale): RouteObject {
  const path = ROUTES[name].paths[locale];
  const handle: RouteHandle = { route: name, title: ROUTES[name].title };
  return path
    ? { path, element: page(name), handle }
    : { index: true, element: page(name), handle };
}

const notFound: RouteObject = {
  path: '*',
  element: <NotFoundPage />,
  handle: { title: NOT_FOUND_TITLE } satisfies RouteHandle,
};

/** The screens of one language; product and checkout share the cart's hold. */
function screens(locales: Locale[]): RouteObject[] {
  const inCartScope: readonly RouteName[] = ['Produto', 'Checkout'];
  const seen = new Set<string>();
  const out: RouteObject[] = [];
  const cart: RouteObject[] = [];
  for (const locale of locales) {
    for (const name of ROUTE_NAMES) {
      const r = screen(name, locale);
      const key = r.index ? '' : (r.path ?? '');
      if (seen.has(key)) continue;
      seen.add(key);
      if (inCartScope.includes(name)) cart.push(r);
      else out.push(r);
    }
  }
  return [...out, ...devRoutes(), { element: <CartScope />, children: cart }, notFound];
}

/** `/` and unprefixed links go to the preferred language (stored, else the browser's) (query kept: ?fazerlogin, utm_…). */
function LanguageRedirect({ brand }: { brand: BrandConfig }) {
  const location = useLocation();
  const locale = preferredLocale(brand);
  const mode: UrlMode = { multiLanguage: true };
  const match = matchAppPath(location.pathname, mode);
  if (location.pathname !== '/' && !match) {
    return <NotFoundPage />;
  }
  const to = match
    ? pathFor(match.name, locale, match.params, mode)
    : pathFor('Home', locale, {}, mode);
  return <Navigate to={`${to}${location.search}`} replace />;
}

/**
 * The route tree of spec §2. Multi-language brands get one subtree per language under its
 * prefix (/pt, /es, /en) with that language's paths; single-language brands get one tree
 * that answers every language's path.
 */
export function createRoutes(brand: BrandConfig): RouteObject[] {
  if (!brand.multiLanguage) {
    return [
      { path: '/', element: <LocaleLayout brand={brand} />, children: screens([...brand.locales]) },
    ];
  }
  return [
    ...brand.locales.map(
      (locale): RouteObject => ({
        path: `/${prefixOf(locale)}`,
        element: <LocaleLayout brand={brand} locale={locale} />,
        children: screens([locale]),
      }),
    ),
    {
      element: <LocaleLayout brand={brand} />,
      children: [
        ...devRoutes('/'),
        {
          path: '*',
          element: <LanguageRedirect brand={brand} />,
          handle: { title: NOT_FOUND_TITLE } satisfies RouteHandle,
        },
      ],
    },
  ];
}

/**
 * The route tree as elements, inside the browser's router (BrowserRouter) or the server's
 * (StaticRouter). Declarative routing: the data router's loaders and actions are not used, and
 * leaving it out takes ~17 KiB gzip off every page.
 */
export function AppRoutes({ brand }: { brand: BrandConfig }) {
  const routes = useMemo(() => createRoutes(brand), [brand]);
  return useRoutes(routes);
}
