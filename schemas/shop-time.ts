/**
 * The shop's clock. The contract carries every date and time as America/Sao_Paulo wall-clock
 * text (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`); the server turns instants into that text, the
 * storefront turns it back into instants to format them. Both do it here, so they agree,
 * including across a daylight-saving change (Brazil had one until 2019).
 */

/** The time zone of every date the product shows and the contract carries. */
export const SHOP_TIME_ZONE = 'America/Sao_Paulo';

/**
 * Made when first asked for, not when the module loads: the first time-zone formatter of a page
 * loads the zone's data (~15 ms on a laptop, ~60 ms on a mid-range phone), and a page that shows
 * no time need not pay for it.
 */
let parts: Intl.DateTimeFormat | undefined;
const wallClockParts = () =>
  (parts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

/**
 * The shop's wall clock at `instant` as the time-zone database tells it (what
 * {@link shopWallClock} answers, asked every time).
 */
export function formattedWallClock(instant: Date): { date: string; time: string } {
  const p: Record<string, string> = {};
  for (const part of wallClockParts().formatToParts(instant)) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

const HOUR_MS = 3600_000;

/**
 * The shop's offset from UTC (milliseconds) over each UTC hour asked for so far, or null when it
 * changes within that hour (a daylight-saving change). Asking the time-zone database costs tens
 * of microseconds, and a hold answers its expiry as wall-clock text: the offset is asked for
 * once per hour instead.
 */
const hourOffsets = new Map<number, number | null>();

/** Wall clock minus instant, both to the second, at `ms` (a whole second). */
function offsetAt(ms: number): number {
  const w = formattedWallClock(new Date(ms));
  return asUtc(w.date, w.time) - ms;
}

function hourOffset(hour: number): number | null {
  let offset = hourOffsets.get(hour);
  if (offset === undefined) {
    // The same at the hour's first and last second: the same throughout (no zone changes its
    // offset twice within an hour).
    const first = offsetAt(hour * HOUR_MS);
    offset = first === offsetAt((hour + 1) * HOUR_MS - 1000) ? first : null;
    if (hourOffsets.size >= 1000) hourOffsets.clear();
    hourOffsets.set(hour, offset);
  }
  return offset;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The shop's wall clock at `instant`: `YYYY-MM-DD` and `HH:MM:SS`. */
export function shopWallClock(instant: Date): { date: string; time: string } {
  const ms = instant.getTime();
  // Four-digit years after 1970 only (the contract's); anything else asks the database.
  const offset = ms >= 0 && ms < 253_402_300_800_000 ? hourOffset(Math.floor(ms / HOUR_MS)) : null;
  if (offset === null) return formattedWallClock(instant);
  const w = new Date(ms + offset);
  return {
    date: `${w.getUTCFullYear()}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())}`,
    time: `${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}`,
  };
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Milliseconds since the epoch of a wall clock read as if it were UTC. */
function asUtc(date: string, time: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/**
 * The instant of a wall-clock text of the shop; null when the text is not one. A date without
 * a time is taken at noon, so no offset can move it to another day. Found by correcting a UTC
 * guess with what the shop's clock shows at it, which settles within two passes.
 */
export function shopInstant(text: string): Date | null {
  const m = WALL_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '12', mi = '00', s = '00'] = m;
  const wanted = asUtc(`${y}-${mo}-${d}`, `${h}:${mi}:${s}`);
  let guess = wanted + 3 * 3600_000;
  for (let i = 0; i < 3; i++) {
    const seen = shopWallClock(new Date(guess));
    const diff = wanted - asUtc(seen.date, seen.time);
    if (diff === 0) break;
    guess += diff;
  }
  return new Date(guess);
}
