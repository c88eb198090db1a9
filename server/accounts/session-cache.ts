/**
 * A short in-process cache of bearer token → person, so a request does not cost a session
 * query. Each entry lives at most {@link SESSION_CACHE_TTL_MS}, never past its session's end.
 *
 * Invalidation, across any number of servers: triggers of migration 0002 NOTIFY
 * `sf_session_cache` on commit whenever a session row is deleted (logout, password change) or a
 * person row changes, whoever wrote it (this server, another one, the operator command, SQL by
 * hand); every server LISTENs and drops the entry. On the server that wrote, the entry is also
 * dropped at once by the writer (forgetSessionToken, forgetSessionPessoa: session-forget.ts), so
 * its next request reads the new row. So a logged-out token stops working on the server that
 * logged it out at once, on the others as soon as PostgreSQL delivers the notification
 * (milliseconds), and whatever happens within {@link SESSION_CACHE_TTL_MS}: while the listening
 * connection is down nothing is cached, and an entry read while an invalidation raced is not
 * kept.
 *
 * Tokens not cached are looked up together: one query at a time per cache, carrying every token
 * asked for while the previous one ran ({@link SessionBatch}). One request alone waits for one
 * query as before; a burst of new sessions (the first requests of a sale's buyers) costs one
 * query per batch, not one per request.
 */
import type { Db } from '#server/db/client.ts';
import { listen } from '#server/db/listen.ts';
import type { Pessoa } from './repository';
import { hearWriters } from './session-forget';
import { type FoundSession, hashToken, isTokenShaped, lookupSessions } from './sessions';

/** The longest a cached session is trusted without asking the database. */
export const SESSION_CACHE_TTL_MS = 10_000;

/** At most this many tokens are kept (the oldest go first). */
const MAX_ENTRIES = 20_000;

/** The channel the triggers notify: `t:<token hash>` or `p:<idpessoa>`. */
const CHANNEL = 'sf_session_cache';

interface Entry {
  pessoa: Pessoa;
  brand: string;
  /** When the entry stops being trusted: its TTL or the session's end, the earlier. */
  until: number;
}

/** A running cache. */
export interface SessionCache {
  /** The person of a valid token of `brand`, or null. */
  resolve(brand: string, token: string): Promise<Pessoa | null>;
  /** Stops listening and empties it. */
  close(): Promise<void>;
}

class Cache {
  readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a lookup that raced one is not kept. */
  generation = 0;
  listening = false;

  forgetToken(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  forgetPessoa(idpessoa: number): void {
    this.generation++;
    for (const [k, e] of this.entries) if (e.pessoa.id === idpessoa) this.entries.delete(k);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

interface Waiter {
  resolve(found: FoundSession | null): void;
  reject(err: unknown): void;
}

/**
 * The session lookups of a cache: while one query runs, the token hashes asked for wait and go
 * together in the next one (a hash asked twice is looked up once).
 */
class SessionBatch {
  private waiting = new Map<string, Waiter[]>();
  private running = false;

  constructor(private readonly db: Db) {}

  /** The valid session of a token hash (of any brand), or null. */
  lookup(tokenHash: string): Promise<FoundSession | null> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(tokenHash, [{ resolve, reject }]);
      if (!this.running) void this.run();
    });
  }

  private async run(): Promise<void> {
    this.running = true;
    while (this.waiting.size > 0) {
      const batch = this.waiting;
      this.waiting = new Map();
      try {
        const found = await lookupSessions(this.db, [...batch.keys()]);
        for (const [hash, waiters] of batch) {
          for (const w of waiters) w.resolve(found.get(hash) ?? null);
        }
      } catch (err) {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      }
    }
    this.running = false;
  }
}

/** Starts a cache over `db`, listening for invalidations. */
export async function startSessionCache(db: Db): Promise<SessionCache> {
  const cache = new Cache();
  const batch = new SessionBatch(db);
  hearWriters(cache, true);
  const unlisten = await listen(db, CHANNEL, {
    message(payload) {
      if (payload.startsWith('t:')) cache.forgetToken(payload.slice(2));
      else if (payload.startsWith('p:')) cache.forgetPessoa(Number(payload.slice(2)));
      else cache.clear();
    },
    state(listening) {
      // Whatever was missed while not listening is unknown: start again from nothing.
      cache.clear();
      cache.listening = listening;
    },
  });
  return {
    async resolve(brand, token) {
      if (!isTokenShaped(token)) return null;
      const tokenHash = hashToken(token);
      const now = Date.now();
      const hit = cache.entries.get(tokenHash);
      if (hit && hit.brand === brand && now < hit.until && cache.listening) return hit.pessoa;
      const generation = cache.generation;
      const found = await batch.lookup(tokenHash);
      if (found?.pessoa.brand !== brand) return null;
      if (cache.listening && generation === cache.generation) {
        if (cache.entries.size >= MAX_ENTRIES) {
          cache.entries.delete(cache.entries.keys().next().value!);
        }
        cache.entries.set(tokenHash, {
          pessoa: found.pessoa,
          brand,
          until: Math.min(now + SESSION_CACHE_TTL_MS, found.expiresAt.getTime()),
        });
      }
      return found.pessoa;
    },
    async close() {
      hearWriters(cache, false);
      await unlisten();
      cache.clear();
    },
  };
}
