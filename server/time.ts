/**
 * Sao Paulo wall-clock text of instants, in the shapes the contract uses. The database keeps
 * instants (timestamptz); the conversion itself is the shop's clock, schemas/shop-time.ts.
 */
import { shopInstant, shopWallClock as wallClock } from '#schemas/shop-time.ts';

/** `YYYY-MM-DD HH:MM:SS` in Sao Paulo. */
export function spDateTime(d: Date): string {
  const w = wallClock(d);
  return `${w.date} ${w.time}`;
}

/** `YYYY-MM-DD HH:MM` in Sao Paulo. */
export function spDateTimeMinutes(d: Date): string {
  return spDateTime(d).slice(0, 16);
}

/** `YYYY-MM-DD` in Sao Paulo. */
export function spDate(d: Date): string {
  return wallClock(d).date;
}

/** `HH:MM` in Sao Paulo. */
export function spTime(d: Date): string {
  return wallClock(d).time.slice(0, 5);
}

/** The instant of a Sao Paulo wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`). */
export function spInstant(date: string, time: string): Date {
  const instant = shopInstant(`${date} ${time}`);
  if (!instant) throw new RangeError(`not a wall-clock date and time: ${date} ${time}`);
  return instant;
}
