/**
 * A brand's content folder as the server last read it, read again in the background: publishing
 * a file needs no restart, and a request never waits for the disk but at the first read.
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';

/** How old a read of a brand's folder may be before it is read again. */
export const RESCAN_MS = 2000;

/** What {@link rescanned} returns: the brand's last read, and a way to forget every read. */
export interface Rescanned<T> {
  (brand: LoadedBrand): Promise<T>;
  /** Forget what was read (tests that publish a file): the next call reads the folder. */
  forget(): void;
}

interface Read<T> {
  value: Promise<T>;
  at: number;
  reading: boolean;
}

/**
 * `read` of a brand (by its folder), kept and read again once {@link RESCAN_MS} old, while
 * callers go on getting the last good read: a rescan under load (its file reads queued behind the
 * requests) kept every request that needed the content waiting 30–100 ms. The first read is
 * shared by every caller while it runs; if it fails, it is not kept (the next call reads again).
 * A later read that fails (a broken edit on a running server) keeps the last good one, and the
 * folder is read again after {@link RESCAN_MS}.
 */
export function rescanned<T>(read: (brand: LoadedBrand) => Promise<T>): Rescanned<T> {
  const reads = new Map<string, Read<T>>();
  const settled = (r: Read<T>) => {
    r.at = Date.now();
    r.reading = false;
  };
  const get = (brand: LoadedBrand): Promise<T> => {
    const known = reads.get(brand.dir);
    if (!known) {
      const first: Read<T> = { value: read(brand), at: Date.now(), reading: true };
      reads.set(brand.dir, first);
      first.value.then(
        () => settled(first),
        () => {
          if (reads.get(brand.dir) === first) reads.delete(brand.dir);
        },
      );
      return first.value;
    }
    if (!known.reading && Date.now() - known.at >= RESCAN_MS) {
      known.reading = true;
      read(brand).then(
        (value) => {
          known.value = Promise.resolve(value);
          settled(known);
        },
        () => settled(known),
      );
    }
    return known.value;
  };
  return Object.assign(get, { forget: () => reads.clear() });
}
