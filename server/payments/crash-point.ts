/**
 * Fault injection for the crash-safety tests: `CRASH_AT=<point>` makes the server process kill
 * itself (SIGKILL, as `kill -9` would: no handler runs, nothing is flushed) when it reaches that
 * point. Read here only, once, at start; inert unless set, and `main.ts` refuses a value that
 * names no point (readRecoveryEnv). Never set it in production.
 *
 * Points:
 * - `after-charge`: the gateway has recorded (and answered) a card charge, and our server has not
 *   saved the answer nor concluded the order (payments/service.ts). Recovery must settle it.
 */
export const CRASH_POINTS = ['after-charge'] as const;

/** A fault-injection point. */
export type CrashPoint = (typeof CRASH_POINTS)[number];

const armed = process.env.CRASH_AT ?? '';

/** Kills this process at once when `CRASH_AT` names `point`; otherwise does nothing. */
export function crashPoint(point: CrashPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
