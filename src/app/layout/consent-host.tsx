import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { BrandConfig } from '#schemas/contract.ts';
import { hasTrackers } from '#schemas/trackers.ts';
import { useConteudos } from '#src/features/content/hooks/use-content.ts';
import { loadable, useLoadable } from '#src/lib/loadable.ts';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { useConsent, useConsentPreferencesOpen } from '#src/lib/tracking/consent.ts';
import { usePageReady } from '#src/lib/ui-stores.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';

// Its own small chunk, asked for after hydration and only while a choice is due or asked for.
const consentBanner = loadable(() =>
  import('#src/features/consent/components/consent-banner.tsx').then((m) => m.ConsentBanner),
);

/**
 * The tracking module: fetched only once a choice allows tracking (a small chunk). One promise
 * for every caller, so what they run on it runs in the order they asked: the start before the
 * first page view. Separate imports need not settle in that order (the build's preloading waits
 * for the chunk's files on the first call only), and a page view handed over before the start
 * is dropped.
 */
let trackingModule: Promise<typeof import('#src/lib/tracking/track.ts')> | null = null;
const tracking = () => {
  // A failed download is asked for again by the next caller.
  trackingModule ??= import('#src/lib/tracking/track.ts').catch((error: unknown) => {
    trackingModule = null;
    throw error;
  });
  return trackingModule;
};

/** A page view waits this long after a navigation: the new page's title is set by then. */
export const PAGE_VIEW_DELAY_MS = 300;

/** True from the first time `value` is, for good. */
function useOnceTrue(value: boolean): boolean {
  const [was, setWas] = useState(value);
  useEffect(() => {
    if (value) setWas(true);
  }, [value]);
  return was || value;
}

/**
 * Tracking, once a choice allows it: started then, and kept (so a later withdrawal reaches the
 * trackers); and the page views.
 */
function useTracking(brand: BrandConfig, allowed: boolean) {
  const started = useOnceTrue(allowed);
  useEffect(() => {
    if (!started) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void tracking().then((t) => {
      if (!gone) stop = t.startTracking(brand.analytics);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [started, brand.analytics]);

  usePageViews(allowed);
}

/**
 * One page view per new path while tracking is allowed (a new query is not a new page), the
 * page the choice was made on included. A view is sent {@link PAGE_VIEW_DELAY_MS} after the
 * navigation, with the title the page has then; leaving the page sooner sends it at once, and a
 * redirect (a navigation that replaces the address) drops it.
 */
function usePageViews(allowed: boolean) {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const pending = useRef<(() => void) | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is a new page view.
  useEffect(() => {
    const left = pending.current;
    pending.current = null;
    if (!allowed) return;
    if (left && navigation !== 'REPLACE') left();
    const { origin, search } = window.location;
    const send = () => {
      pending.current = null;
      // The title now (this page's): the trackers' code may come later.
      const page = { origin, pathname, search, title: document.title };
      void tracking().then((t) => t.trackPageView(page));
    };
    pending.current = send;
    const timer = setTimeout(send, PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, pathname]);
}

/** The brand's cookie policy page (content key `cookies`), when it has one. */
function usePolicyPath(): string | null {
  const locale = useCurrentLocale();
  const to = usePathFor();
  const page = useConteudos().data?.find((c) => c.id === 'cookies' && c.tipo === 'pagina');
  if (!page) return null;
  const route = page.secoes.includes('politicas') ? 'Politicas' : 'Informacoes';
  return to(route, { pagina: page.slugs?.[locale] ?? page.id });
}

/**
 * Consent and tracking for a brand with trackers (brand.json `analytics`): shows the cookie
 * banner (after hydration) while no choice is stored or the footer's "Cookie preferences" asks
 * for it, and starts tracking once a choice allows it (src/lib/tracking/track.ts: nothing is
 * loaded or sent before). A brand without trackers has neither banner nor tracking.
 */
export function ConsentHost({ brand }: { brand: BrandConfig }) {
  const on = hasTrackers(brand.analytics);
  // After the page, not just the frame, is hydrated: a banner shown earlier was moved by the
  // page's sticky bar publishing its height (a layout shift of the whole banner).
  const ready = usePageReady();
  const consent = useConsent();
  const asked = useConsentPreferencesOpen();
  const policyPath = usePolicyPath();
  useTracking(brand, on && consent !== null && (consent.analytics || consent.marketing));
  const shown = on && ready && (consent === null || asked);
  const Banner = useLoadable(consentBanner, shown);
  return Banner ? <Banner policyPath={policyPath} /> : null;
}
