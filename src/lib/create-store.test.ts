import { describe, expect, it } from 'vitest';
import { createStore } from './create-store';

interface Session {
  token: string | null;
  pessoa: null;
}

describe('createStore', () => {
  it("starts as the server's own object when the browser's value equals it", () => {
    const server: Session = { token: null, pessoa: null };
    const store = createStore<Session>({ token: null, pessoa: null }, server);
    // Hydration compares the two snapshots by identity: the same object means no re-render.
    expect(store.get()).toBe(server);
  });

  it("keeps the browser's value when it differs from the server's", () => {
    const server: Session = { token: null, pessoa: null };
    const browser: Session = { token: 'abc', pessoa: null };
    expect(createStore(browser, server).get()).toBe(browser);
    const partial = { token: null } as unknown as Session;
    expect(createStore(partial, server).get()).toBe(partial);
  });

  it('tells its listeners of a new value, not of the same one', () => {
    const store = createStore(1);
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.get()));
    store.set(1);
    store.set((n) => n + 1);
    expect(seen).toEqual([2]);
  });
});
