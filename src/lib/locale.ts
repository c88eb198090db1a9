import { createContext, useContext } from 'react';
import { LOCALES, type Locale } from '../../schemas/contract';
import { createStore, useStore } from './create-store';
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

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

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
  for (const tag of languages) {
    const exact = available.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const lang = tag.slice(0, 2).toLowerCase();
    const byLanguage = available.find((l) => prefixOf(l) === lang);
    if (byLanguage) return byLanguage;
  }
  return null;
}

/** The language of a visit without one in the URL: chosen before, else the browser's, else the brand's. */
export function preferredLocale(brand: {
  locales: readonly Locale[];
  defaultLocale: Locale;
}): Locale {
  return storedLocale(brand.locales) ?? browserLocale(brand.locales) ?? brand.defaultLocale;
}

export function storeLocale(locale: Locale): void {
  writeString(STORAGE_KEYS.language, locale);
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

const cache = new Map<Locale, Promise<Messages>>();

/** The messages of a locale, fetched once (one small chunk per language). */
export function loadMessages(locale: Locale): Promise<Messages> {
  let p = cache.get(locale);
  if (!p) {
    const promise = loaders[locale]().then((m) => m.default as Messages);
    // React's `use` reads these fields: a settled promise renders without suspending again.
    promise.then(
      (value) => Object.assign(promise, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(promise, { status: 'rejected', reason });
        cache.delete(locale);
      },
    );
    cache.set(locale, promise);
    p = promise;
  }
  return p;
}
