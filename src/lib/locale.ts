import { createContext, use, useContext, useMemo } from 'react';
import { LOCALES, type Locale } from '#schemas/contract.ts';
import {
  cookieValue,
  isLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  matchLanguages,
} from '#schemas/language-choice.ts';
import { createStore, useStore } from './create-store';
import { firstVisitTextsFile } from './first-visit-texts';
import type { MessageId } from './messages';
import { readString, STORAGE_KEYS, writeString } from './storage';

/** URL prefix of a locale: its first two letters (spec §2). */
export type LangPrefix = 'pt' | 'es' | 'en';

export const DEFAULT_LOCALE: Locale = 'pt-BR';

export function prefixOf(locale: Locale): LangPrefix {
  return locale.slice(0, 2) as LangPrefix;
}

export function localeFromPrefix(prefix: string): Locale | null {
  return LOCALES.find((l) => prefixOf(l) === prefix.toLowerCase()) ?? null;
}

export { isLocale };

/** The language the visitor chose before, if it is one the brand offers. */
export function storedLocale(available: readonly Locale[]): Locale | null {
  const saved = readString(STORAGE_KEYS.language);
  return isLocale(saved) && available.includes(saved) ? saved : null;
}

/**
 * The first of the browser's languages (Accept-Language, in order) that the brand offers:
 * an exact match first ('en-US'), then by language ('en-GB' → the brand's 'en-US').
 */
export function browserLocale(
  available: readonly Locale[],
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Locale | null {
  return matchLanguages(available, languages);
}

/** The language of a visit without one in the URL: chosen before, else the browser's, else the brand's. */
export function preferredLocale(brand: {
  locales: readonly Locale[];
  defaultLocale: Locale;
}): Locale {
  return storedLocale(brand.locales) ?? browserLocale(brand.locales) ?? brand.defaultLocale;
}

/** The page's language on `<html lang>`; usually the server wrote it already, and setting it
 * again would restyle the whole page. */
export function showLocale(locale: Locale): void {
  if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
}

/**
 * Remembers the visitor's language: in localStorage for the storefront, and in a cookie for the
 * server, which sends `/` and unprefixed links to it (schemas/language-choice.ts). Written at
 * every visit of a page in a language; the cookie only when it says something else.
 */
export function storeLocale(locale: Locale): void {
  writeString(STORAGE_KEYS.language, locale);
  if (typeof document === 'undefined') return;
  if (cookieValue(document.cookie, LANGUAGE_COOKIE) === locale) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one preference cookie; the Cookie Store API is not in Safari.
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/**
 * The locale of the API's `lang` parameter: the shell sets it while rendering the page's
 * language, before any child effect can call the API.
 */
let apiLocale: Locale = DEFAULT_LOCALE;

export function getCurrentLocale(): Locale {
  return apiLocale;
}

export function setCurrentLocale(locale: Locale): void {
  apiLocale = locale;
}

/**
 * The language picked in a brand without language prefixes (one URL tree): the switch sets
 * it and the shell re-renders in it.
 */
const chosenLocaleStore = createStore<Locale | null>(null);

export function chooseLocale(locale: Locale): void {
  storeLocale(locale);
  chosenLocaleStore.set(locale);
}

export function useChosenLocale(): Locale | null {
  return useStore(chosenLocaleStore);
}

/**
 * The language the server rendered the page in, for a brand with one tree for every language
 * (no prefix says it): the server chose it from the visitor's cookie and Accept-Language
 * (schemas/language-choice.ts), and the browser hydrates in the same one (its `<html lang>`).
 * Null where the URL's prefix says the language, or nothing was rendered.
 */
export const RenderedLocaleContext = createContext<Locale | null>(null);

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
export const LocaleProvider = LocaleContext.Provider;

/** The language on screen. */
export function useCurrentLocale(): Locale {
  return useContext(LocaleContext);
}

type Messages = Record<MessageId, string>;

const loaders: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  'pt-BR': () => import('../../locales/pt-BR.json'),
  'es-ES': () => import('../../locales/es-ES.json'),
  'en-US': () => import('../../locales/en-US.json'),
};

/** A promise React's `use` reads without suspending again once it has settled (its `value`). */
type Usable<T> = Promise<T> & { value?: T };

function usable<T>(promise: Promise<T>, onFailure: () => void): Usable<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => {
      Object.assign(promise, { status: 'rejected', reason });
      onFailure();
    },
  );
  return promise;
}

const allTexts = new Map<Locale, Usable<Messages>>();
/** The first visit's texts of a language, and whether a screen asked for one they lack. */
const firstVisit = new Map<Locale, { texts: Record<string, unknown>; missed: boolean }>();
/** Counts the arrivals of texts that had rendered empty (see `useMessages`). */
const textsVersion = createStore(0);

/** Every text of a locale, fetched once (one chunk per language). */
export function loadAllMessages(locale: Locale): Promise<Messages> {
  let p = allTexts.get(locale);
  if (!p) {
    const promise = loaders[locale]().then((m) => {
      const all = m.default as Messages;
      // Into the first visit's texts, which the page keeps rendering with: a screen that
      // waited for them finds them there, and nothing already on screen renders again...
      const first = firstVisit.get(locale);
      if (first) Object.assign(first.texts, all);
      // ...except the texts that rendered empty.
      if (first?.missed) textsVersion.set((v) => v + 1);
      return all;
    });
    p = usable(promise, () => allTexts.delete(locale));
    allTexts.set(locale, p);
  }
  return p;
}

/**
 * `load` (a screen's code) once it and every text of the page's language have loaded: the
 * first visit's texts (below) hold only those of the home and event pages, and a screen that
 * rendered without its texts would show blanks.
 */
export function withAllTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllMessages(apiLocale)]).then(([loaded]) => loaded);
}

/** The visitor's first tap or key: whatever it opens will find its texts loaded or loading. */
export function loadAllTextsOnFirstTouch(): void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const load = () => {
    for (const type of events) window.removeEventListener(type, load, true);
    void loadAllMessages(apiLocale).catch(() => {});
  };
  for (const type of events) window.addEventListener(type, load, { capture: true, passive: true });
}

/** What a text not loaded yet renders: nothing (a literal of no characters, as parsed ICU). */
const NOT_LOADED_YET = [{ type: 0, value: '' }];

/**
 * The first visit's texts (src/lib/first-visit-texts.ts) as a screen reads them: a text they
 * lack (a state of the page no first visit reached when the build listed them) renders empty
 * and asks for every text; what rendered empty then renders again with them.
 */
export function firstVisitMessages(locale: Locale, texts: Record<string, unknown>): Messages {
  const entry = { texts, missed: false };
  firstVisit.set(locale, entry);
  // Every text may have arrived first (a screen's loader asked for them while these loaded):
  // they join now, or a text these lack would wait for a load that has already happened.
  const all = allTexts.get(locale)?.value;
  if (all) Object.assign(texts, all);
  const missing = (key: string | symbol) => {
    // Message ids have a dot (`header.login`); other keys are the language's own (`then`, read
    // by a promise resolving with these texts).
    if (typeof key !== 'string' || !key.includes('.') || Object.hasOwn(texts, key)) return false;
    if (!entry.missed) {
      entry.missed = true;
      queueMicrotask(() => void loadAllMessages(locale).catch(() => {}));
    }
    return true;
  };
  return new Proxy(texts, {
    getOwnPropertyDescriptor: (target, key) =>
      missing(key)
        ? { value: NOT_LOADED_YET, writable: false, enumerable: true, configurable: true }
        : Reflect.getOwnPropertyDescriptor(target, key),
    get: (target, key, receiver) =>
      missing(key) ? NOT_LOADED_YET : Reflect.get(target, key, receiver),
  }) as Messages;
}

const firstTexts = new Map<Locale, Promise<Messages>>();

/**
 * The texts of the page's first render: on a first visit of a built shop, only the texts its
 * code refers to (every text joins them when loaded); otherwise every text.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  const first = firstTexts.get(locale);
  if (first) return first;
  const all = allTexts.get(locale);
  if (all) return all;
  const file = firstTexts.size === 0 ? firstVisitTextsFile(locale) : undefined;
  if (!file) return loadAllMessages(locale);
  const promise = (import(/* @vite-ignore */ file) as Promise<{ default: Record<string, unknown> }>)
    .then((m) => firstVisitMessages(locale, m.default))
    .catch(() => loadAllMessages(locale));
  const p = usable(promise, () => firstTexts.delete(locale));
  firstTexts.set(locale, p);
  return p;
}

/**
 * The texts a language's subtree renders with. The same object while texts arrive (react-intl
 * would render every text of the page again for a new one), a new one when texts that had
 * rendered empty have arrived.
 */
export function useMessages(locale: Locale): Messages {
  const version = useStore(textsVersion);
  const messages = use(loadMessages(locale));
  return useMemo(() => (version === 0 ? messages : { ...messages }), [messages, version]);
}
