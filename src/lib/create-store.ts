import { useSyncExternalStore } from 'react';

/** A tiny observable value for useSyncExternalStore: the shared, non-flow state of the shell. */
export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** The value a server-rendered page was rendered with (what hydration must render first). */
  readonly server: T;
}

/**
 * `server` is what the server renders (no visitor's storage there); it defaults to `initial`.
 * Hydration renders it first and then the browser's value, so both trees match.
 */
export function createStore<T>(initial: T, server: T = initial): Store<T> {
  let value = initial;
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
