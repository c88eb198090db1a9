import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { LoginTarget } from '#machines/types.ts';
import type { BrandConfig } from '#schemas/contract.ts';
import { setApiErrorListener } from '#src/api/api.ts';
import { applyErrorPolicy } from '#src/api/error-policy.ts';
import { LazyHost } from '#src/components/lazy-host.tsx';
import { LoadingState, PAGE_MIN_H } from '#src/components/loading-state.tsx';
import { notify, useToasterWanted } from '#src/components/notify.ts';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import { useAccountQueryTriggers } from '#src/features/account/hooks/use-account-query.ts';
import { useIdentityProviderReturn } from '#src/features/auth/hooks/use-login-landing.ts';
import { useLocalCartHandOver } from '#src/features/cart/hooks/use-local-cart-hand-over.ts';
import { useDuePopup } from '#src/features/content/hooks/use-due-popup.ts';
import { afterNextPaint } from '#src/lib/after-paint.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { useCurrentLocale, withAllTexts } from '#src/lib/locale.ts';
import { targetFromRedirect } from '#src/lib/login-outcome.ts';
import { returnTargetPath } from '#src/lib/return-target.ts';
import { clearSession, getSession } from '#src/lib/session-store.ts';
import { WithStyleSystem } from '#src/lib/style-system.tsx';
import {
  clearLocalCart,
  markPageReady,
  openLogin,
  openTerms,
  useAccountModal,
  useLoginRequest,
  useMaintenance,
  usePageTitle,
  useTermsRequest,
} from '#src/lib/ui-stores.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { routeTitle } from '../route-handle';
import { ConsentHost } from './consent-host';
import { Footer } from './footer';
import { Header } from './header';
import { SupportHost } from './support-host';

const LoginModal = lazy(
  withAllTexts(() =>
    import('#src/features/auth/components/login-modal.tsx').then((m) => ({
      default: m.LoginModal,
    })),
  ),
);

const TermsModal = lazy(
  withAllTexts(() =>
    import('#src/features/auth/components/terms-modal.tsx').then((m) => ({
      default: m.TermsModal,
    })),
  ),
);

const AccountModals = lazy(
  withAllTexts(() =>
    import('#src/features/account/components/account-modals.tsx').then((m) => ({
      default: m.AccountModals,
    })),
  ),
);

const MaintenanceModal = lazy(
  withAllTexts(() =>
    import('#src/components/maintenance-modal.tsx').then((m) => ({ default: m.MaintenanceModal })),
  ),
);
const ContentPopup = lazy(() =>
  import('#src/features/content/components/content-popup.tsx').then((m) => ({
    default: m.ContentPopup,
  })),
);
const AppToaster = lazy(
  withAllTexts(() =>
    import('#src/components/toaster.tsx').then((m) => ({ default: m.AppToaster })),
  ),
);

const MAIN_ID = 'main-content';

/**
 * Marks `<html data-ready>` once the page is rendered in the browser and hydrated (its effects
 * run after the page's Suspense boundary commits): the browser tests wait for it before
 * clicking a server-rendered button, and the cookie banner before it shows (`markPageReady`).
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
    // The page's sticky bars publish their heights when their ResizeObserver first reports, in
    // the frame after hydration: a banner shown before that was moved by it (a layout shift).
    void afterNextPaint().then(markPageReady);
  }, []);
  return null;
}

/** The error catalogue (spec §8) acting through this page's router, toasts and storage. */
function useErrorPolicy() {
  const intl = useIntl();
  const navigate = useNavigate();
  const to = usePathFor();
  useEffect(() => {
    setApiErrorListener((error, display) => {
      applyErrorPolicy(
        error,
        {
          showMessage: (message) => notify({ type: 'error', description: message }),
          showErrorSnackbar: (message) =>
            notify({
              type: 'error',
              description: message
                ? intl.formatMessage({ id: 'error.prefixed' }, { message })
                : intl.formatMessage({ id: 'error.generic' }),
            }),
          goHome: () => navigate(to('Home')),
          goProfile: () => navigate(to('Perfil')),
          clearSession,
          clearCart: clearLocalCart,
          reload: () => window.location.reload(),
          openLogin: () => openLogin(),
          hasSession: () => getSession().token !== null,
          openTerms,
          schedule: (fn, ms) => {
            setTimeout(fn, ms);
          },
        },
        display,
      );
    });
    return () => setApiErrorListener(null);
  }, [intl, navigate, to]);
}

/** Every navigation: title "page · brand", scroll to top, focus on the new content. */
function useNavigationEffects(brand: BrandConfig) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  const { pathname } = useLocation();
  const titleId = routeTitle(pathname, { multiLanguage: brand.multiLanguage });
  const own = usePageTitle();
  const pageTitle = own?.pathname === pathname ? own.title : intl.formatMessage({ id: titleId });

  useEffect(() => {
    document.title = `${pageTitle} · ${brand.title[locale]}`;
  }, [pageTitle, brand, locale]);

  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * `?fazerlogin`: open the login, then go to my orders; `?redirect=<route or path>`: replace the
 * route, or with `?fazerlogin`, go there after the login instead (spec §2). The target is the
 * login machine's, kept in sessionStorage, so it survives a reload or an identity provider.
 */
function useQueryTriggers(enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useCurrentLocale();
  const { multiLanguage } = useBrand();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const login = params.has('fazerlogin');
    const redirect = params.get('redirect');
    if (!enabled || (!login && redirect === null)) return;
    params.delete('fazerlogin');
    params.delete('redirect');
    const rest = params.toString();
    const search = rest ? `?${rest}` : '';
    const mode = { multiLanguage };
    const named = redirect === null ? null : targetFromRedirect(redirect, mode);
    const target: LoginTarget | null = login
      ? (named ?? { kind: 'route', route: 'MeusPedidos' })
      : named;
    const path = target ? returnTargetPath(target, locale, mode) : null;
    if (login && !getSession().token) {
      navigate({ pathname: location.pathname, search }, { replace: true });
      if (target) openLogin(undefined, target);
    } else if (login) {
      navigate({ pathname: location.pathname, search }, { replace: true });
      if (path) navigate(path);
    } else {
      navigate(path ?? { pathname: location.pathname, search }, { replace: true });
    }
  }, [enabled, location.search, location.pathname, navigate, locale, multiLanguage]);
}

/**
 * The frame's effects: the error policy, the address's triggers, a guest's cart handed over
 * after login. A leaf: what they follow (the address, the session, the cart's version, bumped at
 * each change of the hold) re-renders this, not the header, the page and the footer.
 */
function ShellEffects({ handlesQuery }: { handlesQuery: boolean }) {
  useErrorPolicy();
  useQueryTriggers(handlesQuery);
  useAccountQueryTriggers(handlesQuery);
  useIdentityProviderReturn(handlesQuery);
  useLocalCartHandOver();
  return null;
}

/** Document title, scroll and focus of each navigation: a leaf, so a page naming its own title
 * re-renders nothing but this. */
function NavigationEffects({ brand }: { brand: BrandConfig }) {
  useNavigationEffects(brand);
  return null;
}

/**
 * The dialogs and notices over the page (login, terms, account, maintenance, toasts, a brand's
 * pop-up). Their stores change after hydration and at every opening: kept apart from the frame,
 * such a change re-renders this, not the header, the page and the footer with it.
 */
function Overlays() {
  const loginOpen = useLoginRequest().open;
  const termsOpen = useTermsRequest().open;
  const accountModal = useAccountModal().modal;
  const maintenance = useMaintenance();
  const toasts = useToasterWanted();
  const duePopup = useDuePopup();
  const [closedPopup, setClosedPopup] = useState<string | null>(null);
  // A brand's pop-up never covers a dialog the person is in (login, terms, the unreachable
  // server's notice…): it waits for it to close.
  const dialogOpen = loginOpen || termsOpen || accountModal !== null || maintenance;
  const popup = duePopup !== closedPopup && !dialogOpen ? duePopup : null;
  return (
    <>
      <LazyHost on={loginOpen}>
        <LoginModal />
      </LazyHost>
      <LazyHost on={termsOpen}>
        <TermsModal />
      </LazyHost>
      <LazyHost on={accountModal !== null}>
        <AccountModals />
      </LazyHost>
      <LazyHost on={maintenance}>
        <MaintenanceModal />
      </LazyHost>
      {popup ? (
        <Suspense fallback={null}>
          <WithStyleSystem>
            <ContentPopup id={popup} onClose={() => setClosedPopup(popup)} />
          </WithStyleSystem>
        </Suspense>
      ) : null}
      <LazyHost on={toasts}>
        <AppToaster />
      </LazyHost>
    </>
  );
}

/**
 * The frame's parts as Chakra drew them (SkipNavLink, a column Flex on the page's background, the
 * main element at least a screen tall, a Container): a class set, as the frame is on every page.
 */
const FRAME = defineClassSet('frame', (system) => ({
  skip: recipeLook(system, 'skipNavLink'),
  column: [
    { display: 'flex', flexDirection: 'column' },
    { minH: '100dvh', bg: 'bg.subtle' },
  ],
  main: { flex: '1', width: 'full', minH: PAGE_MIN_H },
  container: recipeLook(
    system,
    'container',
    {},
    { maxW: '5xl', px: { base: '4', md: '6' }, py: { base: '5', md: '8' } },
  ),
}));

/**
 * The page frame. `handlesQuery` is false on the language redirect, whose target handles the
 * query instead.
 */
export function Shell({ brand, handlesQuery }: { brand: BrandConfig; handlesQuery: boolean }) {
  const classes = useClassSet(FRAME);
  return (
    <>
      <NavigationEffects brand={brand} />
      <ShellEffects handlesQuery={handlesQuery} />
      <a href={`#${MAIN_ID}`} className={classes.skip}>
        <FormattedMessage id="a11y.skipToContent" />
      </a>
      {/* First after the skip link: the keyboard and screen readers meet the cookie banner at
          once; it is fixed at the bottom, so where it sits in the page moves nothing. */}
      <ConsentHost brand={brand} />
      <div className={classes.column}>
        <Header brand={brand} />
        {/* At least a screen tall: the footer starts below the first screen, so a page that
            grows or shrinks as its data arrives does not move it into view (no layout shift). */}
        <main className={classes.main}>
          {/* The skip link's target. */}
          <div id={MAIN_ID} tabIndex={-1} style={{ outline: 0 }} />
          <div className={`chakra-container ${classes.container}`}>
            <Suspense fallback={<LoadingState page />}>
              <Outlet />
              <ReadyMark />
            </Suspense>
          </div>
        </main>
        <Footer brand={brand} />
      </div>
      <Overlays />
      <SupportHost brand={brand} handlesQuery={handlesQuery} />
    </>
  );
}
