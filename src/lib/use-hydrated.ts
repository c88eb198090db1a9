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
