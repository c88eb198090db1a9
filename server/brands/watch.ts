/**
 * Brand files reach the running server without a restart: the brands folder is watched
 * (`fs.watch`, recursive), a burst of changes is debounced into one reload, the whole folder is
 * loaded and validated again by the loader, and only a valid result replaces the live list, in
 * one synchronous step (a request sees the old brands or the new ones, never a mix). An invalid
 * change keeps the last good version and logs every problem (file, JSON path, reason).
 *
 * The live list is the array the app was built with, changed in place, so every plugin that
 * holds it sees the new brands. Caches keyed by the brand object (forms, catalogue lookups)
 * start over by themselves; `prepare` does what must happen before the swap (the catalogue's
 * rows in the database).
 */
import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import {
  attachOidcRuntime,
  identityProviderProblems,
  oidcRuntimeOf,
} from '#server/oidc/providers.ts';
import { BrandLoadError, formatProblem, loadBrands } from './loader';

/** What the watcher reports. */
export interface BrandWatchLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BrandWatchOptions {
  /** The brands folder the list was loaded from. */
  dir: string;
  /** The live list (the app's), replaced in place on a valid change. */
  brands: LoadedBrand[];
  log: BrandWatchLog;
  /** Quiet time after the last change before reloading (default 300 ms). */
  debounceMs?: number;
  /** Runs before the swap with the new brands (sync the catalogue); a throw keeps the old. */
  prepare?: (next: readonly LoadedBrand[]) => Promise<void>;
  /** Called after each swap. */
  onSwap?: (next: readonly LoadedBrand[], previous: readonly LoadedBrand[]) => void;
}

export interface BrandWatcher {
  /** Stops watching (a reload in flight finishes). */
  close(): void;
  /** Reloads now, as a change would (tests, a signal). */
  reload(): Promise<ReloadOutcome>;
}

/** How a reload ended. */
export type ReloadOutcome = 'swapped' | 'refused' | 'failed';

/** Files an editor writes beside the real one (swap, backup, lock files), not brand data. */
function isNoise(filename: string | null): boolean {
  if (!filename) return false;
  const base = path.basename(filename);
  return base.startsWith('.') || base.endsWith('~') || /\.(swp|swx|tmp)$/.test(base);
}

/** Replaces the contents of `live` with `next` in one step; per-brand runtime state carries over. */
export function swapBrands(live: LoadedBrand[], next: readonly LoadedBrand[]): LoadedBrand[] {
  const previous = [...live];
  for (const b of next) {
    const old = previous.find((p) => p.id === b.id) ?? previous[0];
    const runtime = old ? oidcRuntimeOf(old) : undefined;
    if (runtime) attachOidcRuntime(b, runtime);
  }
  live.splice(0, live.length, ...next);
  return previous;
}

/** Starts watching `opts.dir`. */
export function watchBrands(opts: BrandWatchOptions): BrandWatcher {
  const debounceMs = opts.debounceMs ?? 300;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<ReloadOutcome> | null = null;
  let again = false;
  let closed = false;

  const reloadOnce = async (): Promise<ReloadOutcome> => {
    let next: LoadedBrand[];
    try {
      next = await loadBrands(opts.dir);
    } catch (err) {
      const problems =
        err instanceof BrandLoadError
          ? err.problems.map(formatProblem)
          : [err instanceof Error ? err.message : String(err)];
      opts.log.warn(
        { problems },
        `brand change refused, the last good version stays:\n${problems.join('\n')}`,
      );
      return 'refused';
    }
    const providerProblems = next.flatMap(identityProviderProblems);
    if (providerProblems.length > 0) {
      opts.log.warn(
        { problems: providerProblems },
        `brand change refused, the last good version stays:\n${providerProblems.join('\n')}`,
      );
      return 'refused';
    }
    try {
      await opts.prepare?.(next);
    } catch (err) {
      opts.log.error({ err }, 'brand change could not be applied, the last good version stays');
      return 'failed';
    }
    const previous = swapBrands(opts.brands, next);
    opts.onSwap?.(next, previous);
    opts.log.info({ brands: next.map((b) => b.id) }, 'brands reloaded');
    return 'swapped';
  };

  const reload = (): Promise<ReloadOutcome> => {
    if (running) {
      // A change during a reload gets a reload of its own after it.
      again = true;
      return running;
    }
    running = reloadOnce().finally(() => {
      running = null;
      if (again && !closed) {
        again = false;
        void reload();
      }
    });
    return running;
  };

  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(opts.dir, { recursive: true }, (_event, filename) => {
      if (closed || isNoise(filename)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void reload();
      }, debounceMs);
    });
    watcher.on('error', (err) => opts.log.error({ err }, 'watching the brands folder failed'));
  } catch (err) {
    opts.log.error({ err }, 'cannot watch the brands folder: brand changes need a restart');
  }

  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
    reload,
  };
}
