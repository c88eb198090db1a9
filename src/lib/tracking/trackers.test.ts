import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsIds, trackerCspSources } from '#schemas/trackers.ts';
import { memoryStorage } from '../memory-storage';
import type { ConsentChoice } from './consent';
import type { TrackEvent } from './events';
import {
  CONSENT_DEFAULTS,
  createTrackers,
  firstReport,
  INIT_POLL_MS,
  INIT_POLLS,
  pollReady,
  TRACKER_SCRIPTS,
  type TrackerEnv,
  type TrackerWindow,
} from './trackers';

const ALL: AnalyticsIds = {
  googleAnalyticsId: 'G-DEMO123456',
  googleTagManagerId: '',
  metaPixelId: '1234567890',
};
const ANALYTICS: ConsentChoice = { analytics: true, marketing: false };
const EVERYTHING: ConsentChoice = { analytics: true, marketing: true };
const NOTHING: ConsentChoice = { analytics: false, marketing: false };

const PURCHASE: TrackEvent = {
  name: 'purchase',
  params: {
    currency: 'BRL',
    value: 88,
    transaction_id: 'AUR-1',
    items: [{ item_id: '1', item_name: 'Visita', item_variant: 'Inteira', price: 44, quantity: 2 }],
  },
};
const PAGE: TrackEvent = {
  name: 'page_view',
  params: { page_location: 'https://s/pt', page_title: 'Início', language: 'pt-BR' },
};

/** A page of our own: its globals, the scripts added, its cookies, what was warned. */
function fakePage(cookies: string[] = []) {
  const win: TrackerWindow = {};
  const scripts: string[] = [];
  const jar = new Set(cookies);
  const warnings: string[] = [];
  const env: TrackerEnv = {
    win,
    addScript: (src) => void scripts.push(src),
    cookieNames: () => [...jar],
    removeCookie: (name) => void jar.delete(name),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    warn: (m) => void warnings.push(m),
  };
  /** The dataLayer as plain arrays (gtag pushes Arguments objects). */
  const dataLayer = () =>
    (win.dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]'
        ? Array.from(e as ArrayLike<unknown>)
        : e,
    );
  /** The scripts come up: gtag.js and fbevents.js define their globals. */
  const loadScripts = () => {
    win.google_tag_manager = {};
    if (win.fbq) win.fbq.callMethod = (...args: unknown[]) => void fbqCalls.push(args);
  };
  const fbqCalls: unknown[][] = [];
  return { win, env, scripts, jar, warnings, dataLayer, loadScripts, fbqCalls };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the scripts', () => {
  it("come from hosts the brand's CSP allows (schemas/trackers.ts), for that tracker only", () => {
    /** Whether a CSP source (`https://*.example.com`, `https://host`) allows `url`. */
    const allows = (source: string, url: string) => {
      const { protocol, host } = new URL(url);
      const [scheme, pattern] = source.split('://') as [string, string];
      if (`${scheme}:` !== protocol) return false;
      return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
    };
    const scriptSrc = (ids: Partial<AnalyticsIds>) =>
      trackerCspSources({
        googleAnalyticsId: '',
        googleTagManagerId: '',
        metaPixelId: '',
        ...ids,
      })['script-src'] ?? [];
    const cases = [
      [TRACKER_SCRIPTS.gtag, { googleAnalyticsId: 'G-A' }, { metaPixelId: '1234567' }],
      [TRACKER_SCRIPTS.gtm, { googleTagManagerId: 'GTM-A' }, { metaPixelId: '1234567' }],
      [TRACKER_SCRIPTS.metaPixel, { metaPixelId: '1234567' }, { googleAnalyticsId: 'G-A' }],
    ] as const;
    for (const [url, own, other] of cases) {
      expect(
        scriptSrc(own).some((s) => allows(s, url)),
        url,
      ).toBe(true);
      expect(
        scriptSrc(other).some((s) => allows(s, url)),
        url,
      ).toBe(false);
    }
  });
});

describe('pollReady (spec §9: up to 10 times at 1 s)', () => {
  it('polls once a second and stops at the first success', async () => {
    let polls = 0;
    const ready = pollReady(() => ++polls === 3, { setTimeout });
    await vi.advanceTimersByTimeAsync(3 * INIT_POLL_MS);
    await expect(ready).resolves.toBe(true);
    expect(polls).toBe(3);
  });

  it('gives up after 10 polls', async () => {
    let polls = 0;
    const ready = pollReady(
      () => {
        polls += 1;
        return false;
      },
      { setTimeout },
    );
    await vi.advanceTimersByTimeAsync(60 * INIT_POLL_MS);
    await expect(ready).resolves.toBe(false);
    expect(polls).toBe(INIT_POLLS);
  });
});

describe('the trackers', () => {
  it('analytics only: Consent Mode denied by default, then the choice, then GA4; no Meta', () => {
    const page = fakePage();
    createTrackers(page.env).applyConsent(ALL, ANALYTICS);
    const layer = page.dataLayer();
    expect(layer[0]).toEqual(['consent', 'default', { ...CONSENT_DEFAULTS, wait_for_update: 500 }]);
    expect(CONSENT_DEFAULTS).toEqual({
      ad_storage: 'denied',
      analytics_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(layer[1]).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'denied',
        analytics_storage: 'granted',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
    expect((layer[2] as unknown[])[0]).toBe('js');
    expect(layer[3]).toEqual(['config', 'G-DEMO123456', { send_page_view: false }]);
    expect(page.scripts).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-DEMO123456']);
    expect(page.win.fbq).toBeUndefined();
  });

  it('events wait for the script to come up, in order', async () => {
    const page = fakePage();
    const t = createTrackers(page.env);
    t.applyConsent(ALL, ANALYTICS);
    t.send(ALL, PAGE, ANALYTICS);
    t.send(ALL, PURCHASE, ANALYTICS);
    const events = () => page.dataLayer().filter((e) => Array.isArray(e) && e[0] === 'event');
    expect(events()).toEqual([]);
    page.loadScripts();
    await vi.advanceTimersByTimeAsync(INIT_POLL_MS);
    expect(events()).toEqual([
      ['event', 'page_view', PAGE.params],
      ['event', 'purchase', PURCHASE.params],
    ]);
    // Up: the next one goes at once.
    t.send(
      ALL,
      { ...PAGE, params: { ...PAGE.params, page_location: 'https://s/pt/x' } },
      ANALYTICS,
    );
    expect(events()).toHaveLength(3);
  });

  it('a script that never comes up (blocked) gets nothing, after 10 polls', async () => {
    const page = fakePage();
    const t = createTrackers(page.env);
    t.applyConsent(ALL, ANALYTICS);
    t.send(ALL, PAGE, ANALYTICS);
    await vi.advanceTimersByTimeAsync(INIT_POLLS * INIT_POLL_MS);
    t.send(ALL, PAGE, ANALYTICS);
    expect(page.dataLayer().some((e) => Array.isArray(e) && e[0] === 'event')).toBe(false);
    expect(page.warnings).toEqual([
      'tracking: Google tag did not start (blocked?); its events are dropped',
    ]);
  });

  it('a purchase is reported once per order, across pages of the browser', async () => {
    for (let reload = 0; reload < 2; reload++) {
      const page = fakePage();
      const t = createTrackers(page.env);
      t.applyConsent(ALL, EVERYTHING);
      page.loadScripts();
      await vi.advanceTimersByTimeAsync(INIT_POLL_MS);
      t.send(ALL, PURCHASE, EVERYTHING);
      t.send(ALL, PURCHASE, EVERYTHING);
      const purchases = page.dataLayer().filter((e) => Array.isArray(e) && e[1] === 'purchase');
      expect(purchases, `page ${reload}`).toHaveLength(reload === 0 ? 1 : 0);
      const metaPurchases = page.fbqCalls.filter((c) => c[1] === 'Purchase');
      expect(metaPurchases).toHaveLength(reload === 0 ? 1 : 0);
    }
    expect(firstReport('AUR-2')).toBe(true);
    expect(firstReport('AUR-2')).toBe(false);
  });

  it('marketing: the Meta Pixel with consent granted, its events in Meta names', async () => {
    const page = fakePage();
    const t = createTrackers(page.env);
    t.applyConsent(ALL, EVERYTHING);
    expect(page.scripts).toContain('https://connect.facebook.net/en_US/fbevents.js');
    expect(page.win.fbq?.queue).toEqual([
      ['consent', 'grant'],
      ['init', '1234567890'],
    ]);
    page.loadScripts();
    await vi.advanceTimersByTimeAsync(INIT_POLL_MS);
    t.send(ALL, PAGE, EVERYTHING);
    t.send(ALL, PURCHASE, EVERYTHING);
    expect(page.fbqCalls).toEqual([
      ['track', 'PageView'],
      [
        'track',
        'Purchase',
        {
          value: 88,
          currency: 'BRL',
          content_type: 'product',
          content_ids: ['1'],
          contents: [{ id: '1', quantity: 2, item_price: 44 }],
          num_items: 2,
        },
        { eventID: 'AUR-1' },
      ],
    ]);
  });

  it('analytics without marketing never starts the Meta Pixel', async () => {
    const page = fakePage();
    const t = createTrackers(page.env);
    t.applyConsent(ALL, ANALYTICS);
    page.loadScripts();
    await vi.advanceTimersByTimeAsync(INIT_POLL_MS);
    t.send(ALL, PURCHASE, ANALYTICS);
    expect(page.scripts.some((s) => s.includes('facebook'))).toBe(false);
    expect(page.win.fbq).toBeUndefined();
  });

  it('Tag Manager: its container, and e-commerce in its dataLayer convention', async () => {
    const page = fakePage();
    const ids = { googleAnalyticsId: '', googleTagManagerId: 'GTM-DEMO123', metaPixelId: '' };
    const t = createTrackers(page.env);
    t.applyConsent(ids, ANALYTICS);
    expect(page.scripts).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-DEMO123']);
    page.loadScripts();
    await vi.advanceTimersByTimeAsync(INIT_POLL_MS);
    t.send(ids, PURCHASE, ANALYTICS);
    const layer = page.dataLayer();
    expect(layer).toContainEqual({ 'gtm.start': expect.any(Number), event: 'gtm.js' });
    expect(layer.slice(-2)).toEqual([
      { ecommerce: null },
      { event: 'purchase', ecommerce: PURCHASE.params },
    ]);
    // No gtag.js command for an id that is not there.
    expect(layer.some((e) => Array.isArray(e) && e[0] === 'config')).toBe(false);
  });

  it('withdrawing: Consent Mode denied, GA switched off, their cookies gone, no more events', async () => {
    const page = fakePage(['_ga', '_ga_ABC', '_fbp', '_gcl_au', 'si_other']);
    const t = createTrackers(page.env);
    t.applyConsent(ALL, EVERYTHING);
    page.loadScripts();
    await vi.advanceTimersByTimeAsync(INIT_POLL_MS);
    t.applyConsent(ALL, NOTHING);
    expect(page.dataLayer().at(-1)).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'denied',
        analytics_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
    expect(page.win['ga-disable-G-DEMO123456']).toBe(true);
    expect(page.fbqCalls).toContainEqual(['consent', 'revoke']);
    expect([...page.jar]).toEqual(['si_other']);
    const before = page.dataLayer().length;
    t.send(ALL, PAGE, NOTHING);
    expect(page.dataLayer()).toHaveLength(before);
    // Given again: the same trackers, told so (nothing loaded twice).
    t.applyConsent(ALL, ANALYTICS);
    expect(page.win['ga-disable-G-DEMO123456']).toBe(false);
    expect(page.scripts.filter((s) => s.includes('gtag'))).toHaveLength(1);
  });
});
