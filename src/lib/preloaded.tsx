import { createContext, useContext } from 'react';
import { PRELOADED_ELEMENT_ID, type Preloaded } from '#schemas/preload.ts';

const PreloadedContext = createContext<Preloaded>({});

/** The answers a server-rendered page came with (empty for a page the browser rendered). */
export const PreloadedProvider = PreloadedContext.Provider;

/** A preloaded answer by key, or undefined. */
export function usePreloaded<T>(key: string | null): T | undefined {
  const all = useContext(PreloadedContext);
  return key === null ? undefined : (all[key] as T | undefined);
}

/** The record the server wrote into the page's JSON script element `id`; empty without one. */
export function readPageJson<T extends Readonly<Record<string, unknown>>>(id: string): T {
  const el = document.getElementById(id);
  const empty = {} as T;
  if (!el?.textContent) return empty;
  try {
    const value: unknown = JSON.parse(el.textContent);
    return value && typeof value === 'object' ? (value as T) : empty;
  } catch {
    return empty;
  }
}

/** What the server wrote into the page (the JSON script element of PRELOADED_ELEMENT_ID). */
export function readPreloaded(): Preloaded {
  return readPageJson<Preloaded>(PRELOADED_ELEMENT_ID);
}
