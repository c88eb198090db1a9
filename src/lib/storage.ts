/**
 * localStorage behind a guard: private modes and node (tests) have none or throw, and the shop
 * must still work (it just forgets between visits).
 */
const memory = new Map<string, string>();

function backend(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access itself can throw (blocked third-party storage).
  }
  return {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => {
      memory.set(k, v);
    },
    removeItem: (k) => {
      memory.delete(k);
    },
  };
}

export const STORAGE_KEYS = {
  token: 'si.token',
  session: 'si.session',
  language: 'si.language',
  extraParams: 'si.extraParams',
  localCart: 'si.localCart',
  version: 'si.version',
  /** Ids of the content pop-ups already shown (each shows once). */
  popupsSeen: 'si.popupsSeen',
  /** The currency the visitor chose for approximate prices (`USD`…); absent: BRL only. */
  currency: 'si.currency',
  /** sessionStorage: the hold this tab made (a reload keeps it; a logout forgets it). */
  heldHere: 'si.heldHere',
} as const;

export function readString(key: string): string | null {
  try {
    return backend().getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) backend().removeItem(key);
    else backend().setItem(key, value);
  } catch {
    // Quota or blocked storage: keep running without persistence.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}
