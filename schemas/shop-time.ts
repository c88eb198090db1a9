/**
 * The shop's clock. The contract carries every date and time as America/Sao_Paulo wall-clock
 * text (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`); the server turns instants into that text, the
 * storefront turns it back into instants to format them. Both do it here, so they agree,
 * including across a daylight-saving change (Brazil had one until 2019).
 */

/** The time zone of every date the product shows and the contract carries. */
export const SHOP_TIME_ZONE = 'America/Sao_Paulo';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The shop's wall clock at `instant`: `YYYY-MM-DD` and `HH:MM:SS`. */
export function shopWallClock(instant: Date): { date: string; time: string } {
  const p: Record<string, string> = {};
  for (const part of parts.formatToParts(instant)) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
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
