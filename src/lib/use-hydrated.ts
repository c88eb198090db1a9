import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true after. A page
 * whose content depends on the visitor (their session, their cart) renders its loading frame
 * until then, so the server's page and the first browser render match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * `value` once the page is hydrated; `serverValue` while the server renders and the browser
 * hydrates its HTML, so both renders match. A primitive: when the two are equal (the usual
 * case, e.g. an address without the query the value comes from), hydration renders nothing
 * again, where `useHydrated` re-renders the whole view.
 */
export function useAfterHydration<T extends string | number | boolean | null>(
  value: T,
  serverValue: T,
): T {
  return useSyncExternalStore(
    never,
    () => value,
    () => serverValue,
  );
}
