import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedLookup } from './debounced-lookup';

describe('createDebouncedLookup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  type Lookup = (v: string, signal: AbortSignal) => Promise<string>;
  function setup(lookup = vi.fn<Lookup>(async (v) => v.toUpperCase())) {
    const results: [string, string | null][] = [];
    const started: string[] = [];
    const d = createDebouncedLookup<string, string>({
      delayMs: 600,
      lookup,
      onResult: (v, r) => results.push([v, r]),
      onStart: (v) => started.push(v),
    });
    return { d, lookup, results, started };
  }

  it('looks up only once the typing stopped for the delay', async () => {
    const { d, lookup, results } = setup();
    d.push('a');
    await vi.advanceTimersByTimeAsync(300);
    d.push('ab');
    await vi.advanceTimersByTimeAsync(599);
    expect(lookup).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup.mock.calls[0]?.[0]).toBe('ab');
    expect(results).toEqual([['ab', 'AB']]);
  });

  it('drops the answer of a value that changed while its request ran, and aborts it', async () => {
    let release: (v: string) => void = () => {};
    const signals: AbortSignal[] = [];
    const lookup = vi.fn<Lookup>(
      (v, signal) =>
        new Promise<string>((resolve) => {
          signals.push(signal);
          if (v === 'first') release = resolve;
          else resolve(v);
        }),
    );
    const { d, results } = setup(lookup);
    d.push('first');
    await vi.advanceTimersByTimeAsync(600);
    d.push('second');
    expect(signals[0]?.aborted).toBe(true);
    release('FIRST');
    await vi.advanceTimersByTimeAsync(600);
    expect(results).toEqual([['second', 'second']]);
  });

  it('reports a failed lookup as null, and does nothing for a null value or after cancel', async () => {
    const lookup = vi.fn<Lookup>(async (v) => {
      if (v === 'bad') throw new Error('offline');
      return v;
    });
    const { d, results, started } = setup(lookup);
    d.push('bad');
    await vi.advanceTimersByTimeAsync(600);
    expect(results).toEqual([['bad', null]]);
    d.push('x');
    d.push(null);
    await vi.advanceTimersByTimeAsync(600);
    d.push('y');
    d.cancel();
    await vi.advanceTimersByTimeAsync(600);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(started).toEqual(['bad']);
  });
});
