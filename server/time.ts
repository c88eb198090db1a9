/**
 * Sao Paulo wall-clock time. The contract carries every timestamp as America/Sao_Paulo local
 * text (`YYYY-MM-DD HH:MM:SS`); the database keeps instants (timestamptz).
 */

/** The time zone of every date the product shows. */
export const TIME_ZONE = 'America/Sao_Paulo';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClock(d: Date): { date: string; time: string } {
  const p: Record<string, string> = {};
  for (const part of parts.formatToParts(d)) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

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

/**
 * The instant of a Sao Paulo wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`). Found by
 * correcting a UTC guess with the zone's offset at that instant (so a DST rule, should Brazil
 * bring one back, is honoured).
 */
export function spInstant(date: string, time: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  let guess = wanted + 3 * 3600_000;
  for (let i = 0; i < 3; i++) {
    const w = wallClock(new Date(guess));
    const [wy, wmo, wd] = w.date.split('-').map(Number) as [number, number, number];
    const [wh, wmi] = w.time.split(':').map(Number) as [number, number];
    const seen = Date.UTC(wy, wmo - 1, wd, wh, wmi);
    if (seen === wanted) break;
    guess += wanted - seen;
  }
  return new Date(guess);
}
