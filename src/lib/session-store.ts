import type { SessaoPessoa } from '#schemas/contract.ts';
import { createStore, useStore } from './create-store';
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from './storage';

/** The bearer token and the person it belongs to, kept together in localStorage (spec §4). */
export interface SessionState {
  token: string | null;
  pessoa: SessaoPessoa | null;
}

const sessionStore = createStore<SessionState>(
  {
    token: readString(STORAGE_KEYS.token),
    pessoa: readJson<SessaoPessoa>(STORAGE_KEYS.session),
  },
  // A server-rendered page is the same for everyone: nobody is logged in there.
  { token: null, pessoa: null },
);

if (typeof window !== 'undefined') {
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.session) {
      sessionStore.set({
        token: readString(STORAGE_KEYS.token),
        pessoa: readJson<SessaoPessoa>(STORAGE_KEYS.session),
      });
    }
  });
}

export function getToken(): string | null {
  return sessionStore.get().token;
}

export function getSession(): SessionState {
  return sessionStore.get();
}

/** A refreshed token from a response header; keeps the person. */
export function setToken(token: string): void {
  if (sessionStore.get().token === token) return;
  writeString(STORAGE_KEYS.token, token);
  sessionStore.set((s) => ({ ...s, token }));
}

export function startSession(token: string, pessoa: SessaoPessoa): void {
  writeString(STORAGE_KEYS.token, token);
  writeJson(STORAGE_KEYS.session, pessoa);
  sessionStore.set({ token, pessoa });
}

export function clearSession(): void {
  const s = sessionStore.get();
  if (s.token === null && s.pessoa === null) return;
  writeString(STORAGE_KEYS.token, null);
  writeString(STORAGE_KEYS.session, null);
  // A later login is a new visit: the tickets this tab held are then an earlier visit's.
  try {
    sessionStorage.removeItem(STORAGE_KEYS.heldHere);
  } catch {
    // Blocked storage: nothing was kept.
  }
  sessionStore.set({ token: null, pessoa: null });
}

export function useSession(): SessionState & { loggedIn: boolean } {
  const s = useStore(sessionStore);
  return { ...s, loggedIn: s.token !== null };
}

export function subscribeSession(listener: () => void): () => void {
  return sessionStore.subscribe(listener);
}
