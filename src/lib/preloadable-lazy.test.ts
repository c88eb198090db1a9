import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

/** React.lazy's initializer (its `_init` with its `_payload`), as React calls it to render. */
function init(component: object): unknown {
  const lazy = component as { _init: (p: unknown) => unknown; _payload: unknown };
  return lazy._init(lazy._payload);
}

const Page = () => null;

describe('preloadableLazy', () => {
  it('suspends on a first render before its code is loaded', async () => {
    const Lazy = preloadableLazy(async () => Page);
    let thrown: unknown;
    try {
      init(Lazy);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    expect(init(Lazy)).toBe(Page);
  });

  it('renders at once when the code was preloaded (no suspension, no fallback)', async () => {
    let loads = 0;
    const Lazy = preloadableLazy(async () => {
      loads += 1;
      return Page;
    });
    await Lazy.preload();
    await Lazy.preload();
    expect(init(Lazy)).toBe(Page);
    expect(loads).toBe(1);
  });

  it('tries a failed load again', async () => {
    let attempt = 0;
    const Lazy = preloadableLazy(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return Page;
    });
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    expect(init(Lazy)).toBe(Page);
  });
});
