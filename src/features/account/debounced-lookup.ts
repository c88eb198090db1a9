/**
 * A lookup that runs once the person stops typing: each new value restarts the wait, and a value
 * that changed while a request was in flight aborts it, so only the answer for the value on
 * screen is ever delivered. Used for the e-mail check of the sign-up (600 ms) and the address
 * lookups of the profile (1 s, spec §7 "Lookups are delayed 1 s").
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface DebouncedLookup<T> {
  /** A new value: forget the previous one; look this one up after the delay (null: nothing). */
  push(value: T | null): void;
  /** Stop waiting and abort the request in flight (unmount). */
  cancel(): void;
}

export function createDebouncedLookup<T, R>(options: {
  delayMs: number;
  lookup(value: T, signal: AbortSignal): Promise<R>;
  /** The answer for `value`, still the latest pushed. A failed lookup gives `null`. */
  onResult(value: T, result: R | null): void;
  /** The lookup for `value` starts (after the delay). */
  onStart?(value: T): void;
  timers?: Timers;
}): DebouncedLookup<T> {
  const timers = options.timers ?? realTimers;
  let timer: unknown = null;
  let controller: AbortController | null = null;

  const cancel = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    controller?.abort();
    controller = null;
  };

  return {
    push(value) {
      cancel();
      if (value === null) return;
      timer = timers.setTimeout(() => {
        timer = null;
        const mine = new AbortController();
        controller = mine;
        options.onStart?.(value);
        options.lookup(value, mine.signal).then(
          (result) => {
            if (mine.signal.aborted) return;
            controller = null;
            options.onResult(value, result);
          },
          () => {
            if (mine.signal.aborted) return;
            controller = null;
            options.onResult(value, null);
          },
        );
      }, options.delayMs);
    },
    cancel,
  };
}
