import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { RESCAN_MS, rescanned } from './rescan';

const brand = { dir: '/brands/a' } as LoadedBrand;

/** A read whose answers the test settles one by one. */
function controlledRead() {
  const pending: { resolve(v: string): void; reject(e: Error): void }[] = [];
  const read = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { read, pending };
}

const flush = () => new Promise((r) => setImmediate(r));

afterEach(() => {
  vi.useRealTimers();
});

describe('rescanned', () => {
  it('shares the first read, then answers the last read at once while reading again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { read, pending } = controlledRead();
    const content = rescanned(read);
    const a = content(brand);
    const b = content(brand);
    expect(read).toHaveBeenCalledTimes(1);
    pending[0]!.resolve('v1');
    expect(await a).toBe('v1');
    expect(await b).toBe('v1');

    vi.setSystemTime(Date.now() + RESCAN_MS);
    // Stale: the caller gets v1 without waiting; one read starts in the background.
    expect(await content(brand)).toBe('v1');
    expect(await content(brand)).toBe('v1');
    expect(read).toHaveBeenCalledTimes(2);
    pending[1]!.resolve('v2');
    await flush();
    expect(await content(brand)).toBe('v2');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps the last good read when a read again fails, and forgets a failed first read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { read, pending } = controlledRead();
    const content = rescanned(read);
    const first = content(brand);
    pending[0]!.reject(new Error('broken'));
    await expect(first).rejects.toThrow('broken');
    await flush();

    const second = content(brand);
    expect(read).toHaveBeenCalledTimes(2);
    pending[1]!.resolve('v1');
    expect(await second).toBe('v1');

    vi.setSystemTime(Date.now() + RESCAN_MS);
    expect(await content(brand)).toBe('v1');
    pending[2]!.reject(new Error('broken edit'));
    await flush();
    expect(await content(brand)).toBe('v1');
    // Tried again only once the failed read is RESCAN_MS old.
    expect(read).toHaveBeenCalledTimes(3);
    vi.setSystemTime(Date.now() + RESCAN_MS);
    content(brand);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('reads again at once after forget()', async () => {
    const { read, pending } = controlledRead();
    const content = rescanned(read);
    const a = content(brand);
    pending[0]!.resolve('v1');
    await a;
    content.forget();
    const b = content(brand);
    pending[1]!.resolve('v2');
    expect(await b).toBe('v2');
  });
});
