/**
 * The visitor's cookie choices (LGPD): necessary cookies always, analytics and marketing only
 * when chosen. Kept in localStorage (`si.consent`, with when and under which version of the
 * choices), shared by the tabs, and kept across application versions (src/lib/storage.ts).
 * Nothing here loads or sends anything: src/lib/tracking/track.ts reads it.
 */
import { createStore, useStore } from '../create-store';
import { readJson, STORAGE_KEYS, writeJson } from '../storage';

/** What the visitor allowed besides the necessary cookies. */
export interface ConsentChoice {
  /** Measurement: GA4 / Tag Manager, Consent Mode's analytics_storage. */
  analytics: boolean;
  /** Advertising: the Meta Pixel, Consent Mode's ad_storage, ad_user_data, ad_personalization. */
  marketing: boolean;
}

/** A choice as stored. */
export interface StoredConsent extends ConsentChoice {
  /** The version of the choices offered; a new one (other categories) asks again. */
  v: number;
  /** When it was made (ISO 8601): the record LGPD art. 8 asks the controller to keep. */
  at: string;
}

/** Bump when the banner offers other categories: every visitor is then asked again. */
export const CONSENT_VERSION = 1;

function parse(value: unknown): StoredConsent | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Partial<StoredConsent>;
  if (c.v !== CONSENT_VERSION || typeof c.analytics !== 'boolean') return null;
  if (typeof c.marketing !== 'boolean' || typeof c.at !== 'string') return null;
  return { v: c.v, analytics: c.analytics, marketing: c.marketing, at: c.at };
}

const consentStore = createStore<StoredConsent | null>(
  parse(readJson(STORAGE_KEYS.consent)),
  // A server-rendered page is the same for everyone: no choice there.
  null,
);

if (typeof window !== 'undefined') {
  // A choice made in another tab applies here too.
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.consent) consentStore.set(parse(readJson(STORAGE_KEYS.consent)));
  });
}

/** The stored choice; null until the visitor chose. */
export function getConsent(): StoredConsent | null {
  return consentStore.get();
}

export function useConsent(): StoredConsent | null {
  return useStore(consentStore);
}

export function subscribeConsent(listener: () => void): () => void {
  return consentStore.subscribe(listener);
}

/** Stores the visitor's choice (and applies it: see track.ts). */
export function saveConsent(choice: ConsentChoice, now = new Date()): StoredConsent {
  const stored: StoredConsent = {
    v: CONSENT_VERSION,
    analytics: choice.analytics,
    marketing: choice.marketing,
    at: now.toISOString(),
  };
  writeJson(STORAGE_KEYS.consent, stored);
  consentStore.set(stored);
  return stored;
}

/** The id of the footer's "Cookie preferences" button: focus goes back to it from the banner. */
export const CONSENT_OPENER_ID = 'consent-preferences';

/** The footer's "Cookie preferences" asked for the banner (with the choices to change). */
const preferencesStore = createStore(false);

export function openConsentPreferences(): void {
  preferencesStore.set(true);
}

export function closeConsentPreferences(): void {
  preferencesStore.set(false);
}

export function useConsentPreferencesOpen(): boolean {
  return useStore(preferencesStore);
}
