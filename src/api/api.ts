import { type Locale, langParam } from '#schemas/contract.ts';
import { getExtraParams } from '#src/lib/extra-params.ts';
import { getCurrentLocale } from '#src/lib/locale.ts';
import { clearSession, getToken, setToken } from '#src/lib/session-store.ts';
import { setMaintenance } from '#src/lib/ui-stores.ts';
import type { ApiError } from './api-error';
import { API_BASE } from './base';
import { createApiClient, type ErrorDisplay } from './client';

type ErrorListener = (error: ApiError, display: ErrorDisplay) => void;
let errorListener: ErrorListener | null = null;

/** The app installs the error policy here once it can navigate and show toasts. */
export function setApiErrorListener(listener: ErrorListener | null): void {
  errorListener = listener;
}

/** The shop's one API client. */
export const api = createApiClient({
  baseUrl: API_BASE,
  getLocale: getCurrentLocale,
  getToken,
  setToken,
  clearSession,
  getExtraParams,
  onNetworkError: () => setMaintenance(true),
  onApiError: (error, display) => errorListener?.(error, display),
});

export const rpc = api.rpc;

/**
 * Where our API serves `path` (the storefront may call an API on another origin), in the
 * language `locale` when given (a page the API renders, such as the printable bank slip).
 */
export function apiUrl(path: string, locale?: Locale): string {
  const url = new URL(path, new URL(API_BASE, window.location.href));
  if (locale) url.searchParams.set('lang', langParam(locale));
  return url.toString();
}
