/**
 * Data a server-rendered page was rendered with: the answers of the catalogue calls its first
 * view makes, keyed by call. The server writes them beside the brand config in
 * `<script id="preloaded" type="application/json">`; the browser's first reads take them from
 * there (hydration renders what the server rendered, without asking again).
 */
import type { Locale, RpcMethod, RpcParams } from './contract';

export const PRELOADED_ELEMENT_ID = 'preloaded';

/**
 * The page's class sets (src/lib/class-sets.tsx), written beside its answers: set name → class
 * name → emotion class.
 */
export const CLASS_SETS_ELEMENT_ID = 'class-sets';

/**
 * `<meta name="page-path" content="/pt">`: the page's own address when it was served at another
 * (`/` is the home of the visitor's language, server/web/language-redirect.ts). The browser
 * takes it before the storefront reads the URL.
 */
export const SERVED_PATH_META = 'page-path';
export type PageClassSets = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Answers by {@link preloadKey}. */
export type Preloaded = Readonly<Record<string, unknown>>;

/**
 * The key of a call's answer: the language (answers are localized; a page switched to another
 * language must not show them), the method and its parameters.
 */
export function preloadKey<M extends RpcMethod<'SuperIngresso'>>(
  locale: Locale,
  method: M,
  params: RpcParams<'SuperIngresso', M>,
): string {
  return `${locale}:SuperIngresso.${method}:${JSON.stringify(params)}`;
}

/** The key of a REST GET's answer: the language and the path (RestPath). */
export function restPreloadKey(locale: Locale, path: string): string {
  return `${locale}:GET ${path}`;
}
