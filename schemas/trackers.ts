/**
 * The third-party trackers a brand may configure (brand.json `analytics`): whether a brand has
 * any (then the storefront asks for consent: src/lib/tracking) and what the page's
 * Content-Security-Policy must allow for them (server/plugins/security.ts). A brand without an
 * id gets no host. The scripts' addresses are in src/lib/tracking/trackers.ts, which loads them
 * only after consent; a test there checks that this CSP allows each.
 */

/** brand.json `analytics` (and the storefront config's). */
export interface AnalyticsIds {
  /** GA4 measurement id (`G-…`), loaded with gtag.js; '' when none. */
  googleAnalyticsId: string;
  /** Google Tag Manager container (`GTM-…`); '' when none. */
  googleTagManagerId: string;
  /** Meta (Facebook) Pixel id (digits); '' when none. */
  metaPixelId: string;
}

/** The scripts, by tracker (the id is appended by the loader). */
export const TRACKER_SCRIPTS = {
  /** GA4's Google tag: `?id=G-…`. */
  gtag: 'https://www.googletagmanager.com/gtag/js',
  /** Tag Manager's container: `?id=GTM-…`. */
  gtm: 'https://www.googletagmanager.com/gtm.js',
  /** Meta's pixel library (it then loads the pixel's config from the same host). */
  metaPixel: 'https://connect.facebook.net/en_US/fbevents.js',
} as const;

/** CSP directive → sources. */
export type CspSources = Readonly<Record<string, readonly string[]>>;

/**
 * Google's own list for the Google tag and Tag Manager ("Use a Content Security Policy with
 * Google Tag Manager"): the scripts, GA4's collection endpoints, and the ad-signal hosts Consent
 * Mode uses once marketing is granted (`.google.com.br`: the shop's country).
 */
const GOOGLE_SOURCES: CspSources = {
  'script-src': ['https://*.googletagmanager.com'],
  'img-src': [
    'https://*.google-analytics.com',
    'https://*.googletagmanager.com',
    'https://*.g.doubleclick.net',
    'https://*.google.com',
    'https://*.google.com.br',
  ],
  'connect-src': [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
    'https://*.g.doubleclick.net',
    'https://*.google.com',
    'https://*.google.com.br',
    'https://pagead2.googlesyndication.com',
  ],
  'frame-src': ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};

/** Meta's pixel: its library and config from connect.facebook.net, its hits to facebook.com/tr. */
const META_SOURCES: CspSources = {
  'script-src': ['https://connect.facebook.net'],
  'img-src': ['https://www.facebook.com'],
  'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
};

/** Whether the brand configures any tracker (then it shows the cookie banner). */
export function hasTrackers(ids: AnalyticsIds): boolean {
  return Boolean(ids.googleAnalyticsId || ids.googleTagManagerId || ids.metaPixelId);
}

/** The CSP sources the brand's trackers need: none without an id. */
export function trackerCspSources(ids: AnalyticsIds): CspSources {
  const parts: CspSources[] = [];
  if (ids.googleAnalyticsId || ids.googleTagManagerId) parts.push(GOOGLE_SOURCES);
  if (ids.metaPixelId) parts.push(META_SOURCES);
  return mergeCspSources(...parts);
}

/** Several sets of sources as one (each source once, in order). */
export function mergeCspSources(...sets: CspSources[]): CspSources {
  const out: Record<string, string[]> = {};
  for (const set of sets) {
    for (const [directive, sources] of Object.entries(set)) {
      const list = out[directive] ?? [];
      for (const s of sources) if (!list.includes(s)) list.push(s);
      out[directive] = list;
    }
  }
  return out;
}
