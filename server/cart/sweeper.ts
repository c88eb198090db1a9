/**
 * The sweeper: every `intervalMs` it lets the caller recover payments whose answer was lost
 * (payments/recovery.ts), marks expired holds EX, releases pending bank slips and Pix
 * charges past their time (all safe on many servers at once), and, when the Sao Paulo day
 * changes, lets the caller re-sync the catalogue. Correctness never depends on it: expiry is
 * read from `dthr_exp` wherever availability is computed.
 */
import type { Db } from '#server/db/client.ts';
import { expireHolds, expirePendingPayments } from '#server/orders/lifecycle.ts';

/** A running sweeper. */
export interface Sweeper {
  /** Runs one pass now (also what the timer calls). */
  runOnce(): Promise<number>;
  stop(): void;
}

/** Options of {@link startSweeper}. */
export interface SweeperOptions {
  intervalMs?: number;
  /**
   * Called after the pass released pending orders (bank slip, Pix) that ran out, to tell the
   * buyers of every such order not told yet (also those released elsewhere).
   */
  afterRelease?: () => Promise<unknown>;
  /** Called after each pass (e.g. a daily catalogue re-sync); errors are reported, not thrown. */
  afterPass?: () => Promise<void>;
  /**
   * Called first in each pass: settles the payment attempts whose answer was lost (crash
   * recovery), before expiry releases the units their orders may still hold. Its errors are
   * reported and the pass goes on.
   */
  recover?: () => Promise<unknown>;
  onError?: (err: unknown) => void;
}

/** Starts the sweeper; its timer does not keep the process alive. */
export function startSweeper(db: Db, opts: SweeperOptions = {}): Sweeper {
  let running = false;
  const runOnce = async () => {
    if (opts.recover) await opts.recover().catch((err) => opts.onError?.(err));
    const released = await expirePendingPayments(db);
    await opts.afterRelease?.();
    const n = (await expireHolds(db)) + released.length;
    await opts.afterPass?.();
    return n;
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runOnce()
      .catch((err) => opts.onError?.(err))
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs ?? 30_000);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}
