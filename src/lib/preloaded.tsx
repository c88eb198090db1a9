import { createContext, useContext } from 'react';
import { PRELOADED_ELEMENT_ID, type Preloaded } from '../../schemas/preload';

const PreloadedContext = createContext<Preloaded>({});

/** The answers a server-rendered page came with (empty for a page the browser rendered). */
export const PreloadedProvider = PreloadedContext.Provider;

/** A preloaded answer by key, or undefined. */
export function usePreloaded<T>(key: string | null): T | undefined {
  const all = useContext(PreloadedContext);
  return key === null ? undefined : (all[key] as T | undefined);
}

/** What the server wrote into the page (the JSON script element of PRELOADED_ELEMENT_ID). */
export function readPreloaded(): Preloaded {
  const el = document.getElementById(PRELOADED_ELEMENT_ID);
  if (!el?.textContent) return {};
  try {
    const value: unknown = JSON.parse(el.textContent);
    return value && typeof value === 'object' ? (value as Preloaded) : {};
  } catch {
    return {};
  }
}
