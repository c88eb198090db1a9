import type { CatalogSchedule } from '#schemas/brand.types.ts';
import type { Localized } from '#schemas/contract.ts';

/** One session laid out by a schedule: a date and time in America/Sao_Paulo. */
export interface ScheduledSession {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM` */
  time: string;
  /** Title of this session when the schedule overrides the event's `dscapre`. */
  title?: Localized;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Milliseconds of the UTC midnight of a `YYYY-MM-DD` date; calendar arithmetic only. */
function dayNumber(date: string): number {
  const m = DATE_PATTERN.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  }
  return ms / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The sessions a schedule lays out, counted from `today` (`YYYY-MM-DD`, the day in
 * America/Sao_Paulo, see {@link todayInSaoPaulo}), sorted by date then time. `daily` yields
 * each of `times` on every day from `today + fromDay` for `days` days whose weekday (0 = Sunday)
 * is in `weekdays` (all days when omitted); `dates` yields each session `offsetDays` after
 * `today`. Pure: the same input gives the same output.
 */
export function expandSchedule(schedule: CatalogSchedule, today: string): ScheduledSession[] {
  const first = dayNumber(today);
  const sessions: ScheduledSession[] = [];
  if (schedule.kind === 'daily') {
    const weekdays = schedule.weekdays ? new Set(schedule.weekdays) : null;
    const times = [...schedule.times].sort();
    for (let i = schedule.fromDay; i < schedule.fromDay + schedule.days; i++) {
      const day = first + i;
      // 1970-01-01 (day 0) was a Thursday.
      if (weekdays && !weekdays.has((day + 4) % 7)) continue;
      const date = dateOf(day);
      for (const time of times) sessions.push({ date, time });
    }
  } else {
    for (const s of schedule.sessions) {
      const date = dateOf(first + s.offsetDays);
      sessions.push(s.title ? { date, time: s.time, title: s.title } : { date, time: s.time });
    }
  }
  return sessions.sort((a, b) =>
    a.date === b.date ? compare(a.time, b.time) : compare(a.date, b.date),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const SAO_PAULO_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (`YYYY-MM-DD`) it is in America/Sao_Paulo at `now`. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const parts = SAO_PAULO_DATE.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
