/**
 * The sandbox provider's storage (sessions, interactions, codes, grants): in memory, one store
 * per app, entries expiring with their TTL and the oldest dropped past a bound. A restart
 * forgets it all, which a sandbox can afford.
 */
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

const MAX_ENTRIES = 5000;

interface Entry {
  value: AdapterPayload;
  expiresAt: number;
}

/** An oidc-provider adapter factory over one in-memory store. */
export function memoryAdapterFactory(): AdapterFactory {
  const store = new Map<string, Entry>();
  /** `Session:uid:<uid>` → session id; `grant:<grantId>` → keys of its tokens. */
  const index = new Map<string, { ids: string[]; expiresAt: number }>();

  const live = <T extends { expiresAt: number }>(m: Map<string, T>, key: string): T | undefined => {
    const hit = m.get(key);
    if (hit && hit.expiresAt <= Date.now()) {
      m.delete(key);
      return undefined;
    }
    return hit;
  };
  const bound = () => {
    while (store.size > MAX_ENTRIES) store.delete(store.keys().next().value!);
    while (index.size > MAX_ENTRIES) index.delete(index.keys().next().value!);
  };

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = Date.now() + expiresIn * 1000;
        store.set(key(id), { value: payload, expiresAt });
        if (model === 'Session' && payload.uid) {
          index.set(`Session:uid:${payload.uid}`, { ids: [id], expiresAt });
        }
        if (payload.grantId && model !== 'Grant') {
          const g = live(index, `grant:${payload.grantId}`);
          if (g) g.ids.push(key(id));
          else index.set(`grant:${payload.grantId}`, { ids: [key(id)], expiresAt });
        }
        bound();
      },
      async find(id) {
        return live(store, key(id))?.value;
      },
      async findByUid(uid) {
        const id = live(index, `Session:uid:${uid}`)?.ids[0];
        return id === undefined ? undefined : live(store, key(id))?.value;
      },
      async findByUserCode() {
        // The device flow is not enabled in the sandbox.
        return undefined;
      },
      async consume(id) {
        const hit = live(store, key(id));
        if (hit) hit.value.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const k of index.get(`grant:${grantId}`)?.ids ?? []) store.delete(k);
        index.delete(`grant:${grantId}`);
      },
    };
  };
}
