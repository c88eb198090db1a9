/**
 * Customer service's opening hours (brand.json `support.openingHours`) and whether it is open
 * at an instant, read on the shop's clock (America/Sao_Paulo, which has had no daylight saving
 * since 2019; the time-zone data decides, so an older instant is read right too). Pure: the
 * caller passes the instant, so tests and the support panel inject their clock.
 */
import type { BrandFile } from './brand.generated';
import { shopWallClock } from './shop-time';

/** brand.json `support.openingHours` (its shape: schemas/brand.schema.json). */
export type OpeningHours = NonNullable<BrandFile['support']['openingHours']>;

/** One opening interval: on `days`, from `open` (HH:MM) until `close` (HH:MM, later). */
export type OpeningInterval = OpeningHours['weekly'][number];

/** A weekday as brand.json writes it. */
export type Weekday = OpeningInterval['days'][number];

/** Index = `Date.getUTCDay()` of a date. */
export const WEEKDAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** What the support panel says about now. */
export type OpeningStatus =
  /** Open now, until `closesAt` (HH:MM) today. */
  | { open: true; closesAt: string }
  /**
   * Closed now; opens next on `date` (YYYY-MM-DD) at `time` (HH:MM), `inDays` days from today
   * (0: later today, 1: tomorrow); null when nothing opens within the next two weeks.
   */
  | { open: false; next: { date: string; time: string; inDays: number } | null };

/** How far ahead the next opening is looked for (a fortnight covers any holiday run). */
const LOOKAHEAD_DAYS = 14;

/** The weekday of a shop date (YYYY-MM-DD). */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

/** `date` plus `days` days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The intervals of one shop date, by opening time (none on a closed date). */
function intervalsOn(hours: OpeningHours, date: string): OpeningInterval[] {
  if (hours.closedDates?.includes(date)) return [];
  const day = weekdayOf(date);
  return hours.weekly
    .filter((i) => i.days.includes(day))
    .sort((a, b) => a.open.localeCompare(b.open));
}

/**
 * Whether customer service is open at `now`, and else when it opens next. An interval includes
 * its opening minute and excludes its closing one (open 09:00–18:00: open at 17:59, closed at
 * 18:00).
 */
export function openingStatus(hours: OpeningHours, now: Date): OpeningStatus {
  const clock = shopWallClock(now);
  const time = clock.time.slice(0, 5);
  const today = intervalsOn(hours, clock.date);
  const current = today.find((i) => i.open <= time && time < i.close);
  if (current) return { open: true, closesAt: current.close };
  const later = today.find((i) => i.open > time);
  if (later) return { open: false, next: { date: clock.date, time: later.open, inDays: 0 } };
  for (let n = 1; n <= LOOKAHEAD_DAYS; n++) {
    const date = addDays(clock.date, n);
    const first = intervalsOn(hours, date)[0];
    if (first) return { open: false, next: { date, time: first.open, inDays: n } };
  }
  return { open: false, next: null };
}

/**
 * What is wrong with the hours, as [JSON pointer under `openingHours`, reason]: an interval
 * that does not end after it starts, or two of one day that overlap.
 */
export function openingHoursProblems(hours: OpeningHours): [string, string][] {
  const problems: [string, string][] = [];
  hours.weekly.forEach((interval, i) => {
    if (interval.close <= interval.open) {
      problems.push([`/weekly/${i}/close`, `must be later than open (${interval.open})`]);
    }
  });
  const reported = new Set<string>();
  for (const day of WEEKDAYS) {
    const ofDay = hours.weekly
      .map((interval, i) => ({ interval, i }))
      .filter(({ interval }) => interval.days.includes(day) && interval.open < interval.close)
      .sort((a, b) => a.interval.open.localeCompare(b.interval.open));
    for (let k = 1; k < ofDay.length; k++) {
      const prev = ofDay[k - 1]!;
      const cur = ofDay[k]!;
      const pair = `${prev.i}/${cur.i}`;
      if (cur.interval.open < prev.interval.close && !reported.has(pair)) {
        reported.add(pair);
        problems.push([
          `/weekly/${cur.i}/open`,
          `overlaps /weekly/${prev.i} on ${day} (${prev.interval.open}–${prev.interval.close})`,
        ]);
      }
    }
  }
  return problems;
}
