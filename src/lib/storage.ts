/**
 * localStorage behind a guard: private modes and node (tests) have none or throw, and the shop
 * must still work (it just forgets between visits).
 */
const memory = new Map<string, string>();

type KeyedStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function backend(): KeyedStorage {
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
    key: (i) => [...memory.keys()][i] ?? null,
    get length() {
      return memory.size;
    },
  };
}

/** The tab's sessionStorage, or null where there is none (node, blocked storage). */
function tabStorage(): KeyedStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
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
  /** The visitor's cookie choices (src/lib/tracking/consent.ts). */
  consent: 'si.consent',
  /** Orders whose purchase was already reported to the trackers (sent once, src/lib/tracking). */
  trackedOrders: 'si.trackedOrders',
} as const;

/** Every key the shop stores starts with this (localStorage and sessionStorage). */
const PREFIX = 'si.';

/**
 * What survives a new application version (spec §4: "cache is cleared when the application
 * version changes"): the visitor's language, currency and cookie choices, which are decisions
 * rather than cache; the sign-in (token and session) and the hold this tab made, which the
 * server owns, so a deploy neither signs anyone out nor loses a checkout in progress; the
 * orders already reported to the trackers, so a purchase is never reported twice; and the gate
 * device's state (`si.checkin`), whose offline scans wait to be synced and must not be lost.
 */
export const KEPT_ACROSS_VERSIONS: readonly string[] = [
  STORAGE_KEYS.language,
  STORAGE_KEYS.currency,
  STORAGE_KEYS.consent,
  STORAGE_KEYS.token,
  STORAGE_KEYS.session,
  STORAGE_KEYS.heldHere,
  STORAGE_KEYS.trackedOrders,
  STORAGE_KEYS.version,
  'si.checkin',
];

/**
 * Stored data belongs to the application version that wrote it: when `version` (the server's,
 * in the brand config) differs from the stored one, every `si.` entry of localStorage and of
 * this tab's sessionStorage goes (cart, session, pop-ups seen, extra parameters, return
 * target…) except {@link KEPT_ACROSS_VERSIONS}, and the new version is stored. Without a
 * stored version (a first visit: the storefront stores it on every start) nothing is cleared.
 * Returns whether it cleared.
 */
export function clearOnNewVersion(version: string): boolean {
  const stored = readString(STORAGE_KEYS.version);
  if (stored === version) return false;
  if (stored === null) {
    writeString(STORAGE_KEYS.version, version);
    return false;
  }
  for (const store of [backend(), tabStorage()]) {
    if (!store) continue;
    try {
      const doomed: string[] = [];
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key?.startsWith(PREFIX) && !KEPT_ACROSS_VERSIONS.includes(key)) doomed.push(key);
      }
      for (const key of doomed) store.removeItem(key);
    } catch {
      // Blocked storage: nothing kept, nothing to clear.
    }
  }
  writeString(STORAGE_KEYS.version, version);
  return true;
}

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
