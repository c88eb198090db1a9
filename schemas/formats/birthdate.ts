/**
 * Birth dates. Forms store ISO `yyyy-mm-dd`; people type `dd/mm/yyyy` (pt, es, and every locale
 * but US English) or `mm/dd/yyyy` (`en-US`, and bare `en`). A valid birth date is a real calendar
 * date from 1900 on, not after today.
 *
 * The pure helpers take today as a parameter. The `birthdate` format ({@link isBirthdateNow})
 * takes today at call time as the date at UTC+14, the first time zone to reach a new day: the
 * browser and the server then give the same answer whatever zone each runs in, and nobody
 * anywhere is told that today's date is in the future (a date one day ahead can pass for a few
 * hours in western zones, which is harmless for a birth date).
 */

/** The order in which a locale writes day, month and year. */
export type DateOrder = 'dmy' | 'mdy';

/** Earliest accepted year. */
export const MIN_BIRTH_YEAR = 1900;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** `mdy` for US English (`en-US`, `en_US`, `en`), `dmy` for every other locale. */
export function dateOrder(locale: string): DateOrder {
  const l = locale.replace('_', '-').toLowerCase();
  return l === 'en-us' || l === 'en' ? 'mdy' : 'dmy';
}

/** The input mask of a typed date (`99/99/9999`, same for both orders). */
export const BIRTHDATE_MASK = '99/99/9999';

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function toIso(year: number, month: number, day: number): string | null {
  if (year < MIN_BIRTH_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether `iso` is `yyyy-mm-dd`, a real calendar date, year 1900 or later. */
export function isIsoDate(iso: string): boolean {
  const m = ISO.exec(iso);
  return m !== null && toIso(Number(m[1]), Number(m[2]), Number(m[3])) === iso;
}

/**
 * Parses a typed date in the locale's order (`'31/12/1990'` pt/es, `'12/31/1990'` en-US) to ISO,
 * or `null` when it is not a real date from 1900 on (`31/02/2000`, `01/01/1899`). Day and month
 * may have one digit; the year needs four. Future dates parse: {@link isBirthdate} rejects them.
 */
export function parseBirthdate(text: string, locale: string): string | null {
  const m = TYPED.exec(text.trim());
  if (!m) return null;
  const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return dateOrder(locale) === 'mdy' ? toIso(year, a, b) : toIso(year, b, a);
}

/** An ISO date as the locale types it (`dd/mm/yyyy` or `mm/dd/yyyy`); `''` when `iso` is invalid. */
export function formatBirthdate(iso: string, locale: string): string {
  if (!isIsoDate(iso)) return '';
  const [y, m, d] = iso.split('-');
  return dateOrder(locale) === 'mdy' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

/**
 * Age in whole years on `todayIso` of someone born on `iso`; 0 for a birth date after today and
 * for an invalid date. Someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(iso: string, todayIso: string): number {
  if (!isIsoDate(iso) || !ISO.test(todayIso) || iso > todayIso) return 0;
  const [by, bm, bd] = iso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** Whether `iso` is a valid birth date on `todayIso`: a real date from 1900 on, not after today. */
export function isBirthdate(iso: string, todayIso: string): boolean {
  return isIsoDate(iso) && iso <= todayIso;
}

/** Today as ISO at UTC+14 (see the module comment), from `now` (default: the current time). */
export function todayIso(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** The `birthdate` format: {@link isBirthdate} against {@link todayIso} at call time. */
export function isBirthdateNow(iso: string): boolean {
  return isBirthdate(iso, todayIso());
}
