/**
 * The writers' side of the session caches' invalidation (server/accounts/session-cache.ts): a
 * writer that deletes a session or changes a person drops the entry from this process's caches
 * at once, so its next request reads the new row. The other servers learn it from PostgreSQL's
 * notification. Kept apart from the cache so that the writers (sessions.ts, repository.ts) and the
 * cache, which reads sessions through them, do not import each other.
 */

/** What a running cache drops when told. */
export interface ForgettingCache {
  forgetToken(tokenHash: string): void;
  forgetPessoa(idpessoa: number): void;
}

/** The caches of this process, for the writers' immediate invalidation. */
const caches = new Set<ForgettingCache>();

/** A cache of this process starts (true) or stops (false) hearing the writers. */
export function hearWriters(cache: ForgettingCache, hearing: boolean): void {
  if (hearing) caches.add(cache);
  else caches.delete(cache);
}

/** Drops a token from this process's caches (its session is being deleted). */
export function forgetSessionToken(tokenHash: string): void {
  for (const c of caches) c.forgetToken(tokenHash);
}

/** Drops a person's tokens from this process's caches (the person is being changed). */
export function forgetSessionPessoa(idpessoa: number): void {
  for (const c of caches) c.forgetPessoa(idpessoa);
}
