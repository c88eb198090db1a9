/**
 * The brand's trackers themselves, loaded (as their own chunk) only once the visitor allowed
 * one: GA4 (gtag.js) and Google Tag Manager with analytics, the Meta Pixel with marketing.
 * Google Consent Mode v2 starts with everything denied (ad_storage, analytics_storage,
 * ad_user_data, ad_personalization) and is then updated to the visitor's choice, before any
 * tag runs. A script's initialisation is polled up to 10 times, once a second (spec §9); the
 * events wait for it, and a tracker that never comes up (blocked, offline) gets none. Scripts
 * come only from the hosts of schemas/trackers.ts, which the CSP allows for this brand alone.
 *
 * Withdrawing a choice tells the loaded trackers (Consent Mode update, GA's `ga-disable-`
 * switch, Meta's `consent revoke`), deletes their cookies and stops the events; their code stays
 * in the page until the next load.
 */
import type { AnalyticsIds } from '#schemas/trackers.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../storage';
import type { ConsentChoice } from './consent';
import type { EcommerceParams, TrackEvent } from './events';

/** The events' parameters are made here, with the trackers: none of it loads without consent. */
export * as events from './events';

/**
 * The trackers' scripts (the loader appends the id). Their hosts are the ones the brand's CSP
 * allows (schemas/trackers.ts; tested).
 */
export const TRACKER_SCRIPTS = {
  /** GA4's Google tag: `?id=G-…`. */
  gtag: 'https://www.googletagmanager.com/gtag/js',
  /** Tag Manager's container: `?id=GTM-…`. */
  gtm: 'https://www.googletagmanager.com/gtm.js',
  /** Meta's pixel library (it then loads the pixel's config from the same host). */
  metaPixel: 'https://connect.facebook.net/en_US/fbevents.js',
} as const;

type Gtag = (...args: unknown[]) => void;

interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
}

/** The globals the trackers' snippets use. */
export interface TrackerWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  fbq?: Fbq;
  _fbq?: Fbq;
  /** Set by gtag.js and gtm.js once they run. */
  google_tag_manager?: unknown;
  [gaDisable: `ga-disable-${string}`]: boolean | undefined;
}

/** What the trackers touch of the page (a fake one in the unit tests). */
export interface TrackerEnv {
  win: TrackerWindow;
  /** Appends `<script async src>`. */
  addScript(src: string): void;
  cookieNames(): string[];
  removeCookie(name: string): void;
  setTimeout(fn: () => void, ms: number): unknown;
  warn(message: string): void;
}

/** Spec §9: analytics initialisation is polled up to 10 times at 1 s. */
export const INIT_POLLS = 10;
export const INIT_POLL_MS = 1000;

/** Resolves true as soon as `ready()` holds at a poll, false after {@link INIT_POLLS} polls. */
export function pollReady(
  ready: () => boolean,
  env: Pick<TrackerEnv, 'setTimeout'>,
  polls = INIT_POLLS,
  everyMs = INIT_POLL_MS,
): Promise<boolean> {
  return new Promise((resolve) => {
    let done = 0;
    const poll = () => {
      done += 1;
      if (ready()) resolve(true);
      else if (done >= polls) resolve(false);
      else env.setTimeout(poll, everyMs);
    };
    env.setTimeout(poll, everyMs);
  });
}

/** Consent Mode v2 before any choice. */
export const CONSENT_DEFAULTS = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
} as const;

/** Consent Mode v2 for a choice. */
export function consentModeOf(c: ConsentChoice) {
  const ads = c.marketing ? 'granted' : 'denied';
  return {
    ad_storage: ads,
    analytics_storage: c.analytics ? 'granted' : 'denied',
    ad_user_data: ads,
    ad_personalization: ads,
  } as const;
}

/** Cookies of each purpose, by name prefix, deleted when the purpose is withdrawn. */
const ANALYTICS_COOKIES = ['_ga', '_gid', '_gat'];
const MARKETING_COOKIES = ['_gcl_', '_fbp', '_fbc'];

/** Meta's standard events for ours (remove_from_cart has none). */
const META_EVENTS: Partial<Record<TrackEvent['name'], string>> = {
  page_view: 'PageView',
  view_item: 'ViewContent',
  add_to_cart: 'AddToCart',
  begin_checkout: 'InitiateCheckout',
  add_payment_info: 'AddPaymentInfo',
  purchase: 'Purchase',
};

/** Orders (locators) already reported, newest last; a few dozen are plenty. */
const TRACKED_ORDERS_KEPT = 50;

/**
 * Whether `locator` is reported for the first time from this browser (then it is remembered,
 * before sending: a second tab or a reload finds it).
 */
export function firstReport(locator: string): boolean {
  const sent = readJson<unknown>(STORAGE_KEYS.trackedOrders);
  const list = Array.isArray(sent) ? sent.filter((x): x is string => typeof x === 'string') : [];
  if (list.includes(locator)) return false;
  writeJson(STORAGE_KEYS.trackedOrders, [...list, locator].slice(-TRACKED_ORDERS_KEPT));
  return true;
}

interface Tracker {
  status: 'loading' | 'ready' | 'failed';
  queue: (() => void)[];
}

/** The trackers of one page. */
export function createTrackers(env: TrackerEnv) {
  const w = env.win;
  let google: Tracker | null = null;
  let meta: Tracker | null = null;

  /** Loads a script and polls for its initialisation; what waits for it runs then. */
  function load(src: string, ready: () => boolean, name: string): Tracker {
    const t: Tracker = { status: 'loading', queue: [] };
    env.addScript(src);
    void pollReady(ready, env).then((ok) => {
      t.status = ok ? 'ready' : 'failed';
      const waiting = t.queue.splice(0);
      if (ok) for (const run of waiting) run();
      else env.warn(`tracking: ${name} did not start (blocked?); its events are dropped`);
    });
    return t;
  }

  function whenReady(t: Tracker, run: () => void): void {
    if (t.status === 'ready') run();
    else if (t.status === 'loading') t.queue.push(run);
  }

  const gtag: Gtag = (...args) => w.gtag?.(...args);

  /** The page's dataLayer (made when missing). */
  function dataLayerOf(): unknown[] {
    w.dataLayer ??= [];
    return w.dataLayer;
  }

  function startGoogle(ids: AnalyticsIds, consent: ConsentChoice): Tracker {
    const dataLayer = dataLayerOf();
    // gtag.js reads Arguments objects from the dataLayer (its documented snippet).
    w.gtag ??= function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js takes the Arguments object itself.
      dataLayer.push(arguments);
    };
    gtag('consent', 'default', { ...CONSENT_DEFAULTS, wait_for_update: 500 });
    gtag('consent', 'update', consentModeOf(consent));
    const ga = ids.googleAnalyticsId;
    const gtm = ids.googleTagManagerId;
    if (ga) {
      gtag('js', new Date());
      // Page views are ours (one per navigation of the single-page app).
      gtag('config', ga, { send_page_view: false });
    }
    if (gtm) dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const src = ga
      ? `${TRACKER_SCRIPTS.gtag}?id=${encodeURIComponent(ga)}`
      : `${TRACKER_SCRIPTS.gtm}?id=${encodeURIComponent(gtm)}`;
    const t = load(src, () => w.google_tag_manager !== undefined, 'Google tag');
    // Both configured: the container too (its own tags; GA4 should not be in it as well).
    if (ga && gtm) env.addScript(`${TRACKER_SCRIPTS.gtm}?id=${encodeURIComponent(gtm)}`);
    return t;
  }

  function startMeta(pixelId: string): Tracker {
    if (!w.fbq) {
      const fbq = ((...args: unknown[]) => {
        if (fbq.callMethod) fbq.callMethod.apply(fbq, args);
        else fbq.queue.push(args);
      }) as Fbq;
      fbq.push = fbq;
      fbq.loaded = true;
      fbq.version = '2.0';
      fbq.queue = [];
      w.fbq = fbq;
      w._fbq ??= fbq;
    }
    w.fbq('consent', 'grant');
    w.fbq('init', pixelId);
    return load(
      TRACKER_SCRIPTS.metaPixel,
      () => typeof w.fbq?.callMethod === 'function',
      'Meta Pixel',
    );
  }

  function clearCookies(prefixes: readonly string[]): void {
    for (const name of env.cookieNames()) {
      if (prefixes.some((p) => name.startsWith(p))) env.removeCookie(name);
    }
  }

  function sendGoogle(ids: AnalyticsIds, event: TrackEvent): void {
    if (ids.googleAnalyticsId) gtag('event', event.name, event.params);
    if (ids.googleTagManagerId) {
      const dataLayer = dataLayerOf();
      if (event.name === 'page_view') dataLayer.push({ event: 'page_view', ...event.params });
      else {
        // Tag Manager's e-commerce convention: clear the previous object, then push.
        dataLayer.push({ ecommerce: null });
        dataLayer.push({ event: event.name, ecommerce: event.params });
      }
    }
  }

  function sendMeta(event: TrackEvent): void {
    const name = META_EVENTS[event.name];
    if (!name || !w.fbq) return;
    if (event.name === 'page_view') {
      w.fbq('track', name);
      return;
    }
    const p = event.params as EcommerceParams;
    const data = {
      value: p.value,
      currency: p.currency,
      content_type: 'product',
      content_ids: [...new Set(p.items.map((i) => i.item_id))],
      contents: p.items.map((i) => ({ id: i.item_id, quantity: i.quantity, item_price: i.price })),
      num_items: p.items.reduce((n, i) => n + i.quantity, 0),
    };
    // The locator as the event id lets Meta drop a duplicate of the same purchase.
    if (p.transaction_id) w.fbq('track', name, data, { eventID: p.transaction_id });
    else w.fbq('track', name, data);
  }

  return {
    /** Applies a choice: starts what it allows (once), tells the running trackers the rest. */
    applyConsent(ids: AnalyticsIds, consent: ConsentChoice): void {
      const ga = ids.googleAnalyticsId;
      if (google) {
        gtag('consent', 'update', consentModeOf(consent));
        if (ga) w[`ga-disable-${ga}`] = !consent.analytics;
      } else if (consent.analytics && (ga || ids.googleTagManagerId)) {
        google = startGoogle(ids, consent);
      }
      if (meta) w.fbq?.('consent', consent.marketing ? 'grant' : 'revoke');
      else if (consent.marketing && ids.metaPixelId) meta = startMeta(ids.metaPixelId);
      if (!consent.analytics) clearCookies(ANALYTICS_COOKIES);
      if (!consent.marketing) clearCookies(MARKETING_COOKIES);
    },

    /** Hands an event to the trackers the choice allows (once each is up). */
    send(ids: AnalyticsIds, event: TrackEvent, consent: ConsentChoice): void {
      const toGoogle = consent.analytics && google !== null;
      const toMeta = consent.marketing && meta !== null;
      if (!toGoogle && !toMeta) return;
      if (event.name === 'purchase') {
        const locator = event.params.transaction_id;
        if (!locator || !firstReport(locator)) return;
      }
      if (toGoogle && google) whenReady(google, () => sendGoogle(ids, event));
      if (toMeta && meta) whenReady(meta, () => sendMeta(event));
    },
  };
}

function browserEnv(): TrackerEnv {
  return {
    win: window as unknown as TrackerWindow,
    addScript(src) {
      const s = document.createElement('script');
      s.async = true;
      s.src = src;
      document.head.append(s);
    },
    cookieNames: () =>
      document.cookie
        .split(';')
        .map((c) => c.split('=')[0]!.trim())
        .filter(Boolean),
    removeCookie(name) {
      // Trackers set theirs on the site's registrable domain: try the host and each parent.
      const parts = window.location.hostname.split('.');
      // document.cookie, not the Cookie Store API: every browser the shop supports has it.
      for (let i = 0; i < parts.length - 1; i++) {
        // biome-ignore lint/suspicious/noDocumentCookie: see above.
        document.cookie = `${name}=; Max-Age=0; path=/; domain=.${parts.slice(i).join('.')}`;
      }
      // biome-ignore lint/suspicious/noDocumentCookie: see above.
      document.cookie = `${name}=; Max-Age=0; path=/`;
    },
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    warn: (message) => console.warn(message),
  };
}

let page: ReturnType<typeof createTrackers> | null = null;
const pageTrackers = () => {
  page ??= createTrackers(browserEnv());
  return page;
};

/** {@link createTrackers}' applyConsent for this page. */
export function applyConsent(ids: AnalyticsIds, consent: ConsentChoice): void {
  pageTrackers().applyConsent(ids, consent);
}

/** {@link createTrackers}' send for this page. */
export function send(ids: AnalyticsIds, event: TrackEvent, consent: ConsentChoice): void {
  pageTrackers().send(ids, event, consent);
}
