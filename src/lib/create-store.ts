import { useSyncExternalStore } from 'react';

/** A tiny observable value for useSyncExternalStore: the shared, non-flow state of the shell. */
export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** The value a server-rendered page was rendered with (what hydration must render first). */
  readonly server: T;
}

/** Equal values, or objects with the same keys and equal values at each. */
function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) =>
      Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/**
 * `server` is what the server renders (no visitor's storage there); it defaults to `initial`.
 * Hydration renders it first and then the browser's value, so both trees match. A browser value
 * equal to the server's starts as that very object: React compares them by identity after
 * hydrating, and a new object, even an equal one, makes it render every reader again, at once
 * and in one piece (a guest's empty session re-rendered the whole page).
 */
export function createStore<T>(initial: T, server: T = initial): Store<T> {
  let value = shallowEqual(initial, server) ? server : initial;
  const listeners = new Set<() => void>();
  return {
    server,
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.server);
}
