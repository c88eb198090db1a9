/**
 * Dates and times show in America/Sao_Paulo whatever the browser's zone (spec §9). The server
 * sends wall-clock strings in that zone (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`); we turn them
 * into instants with the shop's clock (schemas/shop-time.ts) and format them back in the zone.
 */
import { SHOP_TIME_ZONE, shopInstant } from '#schemas/shop-time.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE });
    formatters.set(key, f);
  }
  return f;
}

/**
 * ICU versions differ in the spaces they put in a date or time ("11:30\u202fPM" in one, a plain
 * space in another): the server's Node and the visitor's browser must print the same text, so
 * every such space becomes a plain one.
 */
const ICU_SPACES = /[\u00a0\u202f]/g;

function format(text: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const instant = shopInstant(text);
  return instant ? formatter(locale, options).format(instant).replace(ICU_SPACES, ' ') : text;
}

/** "12/03/2026" (pt-BR), "03/12/2026" (en-US). */
export function formatDate(text: string, locale: string): string {
  return format(text, locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/**
 * Times read the same everywhere in a language, in its own clock: "09:05" and "14:30" (pt-BR,
 * es-ES), "9:05 AM" and "2:30 PM" (en-US).
 */
const timeOptionsOf = new Map<string, Intl.DateTimeFormatOptions>();
function timeOptions(locale: string): Intl.DateTimeFormatOptions {
  let options = timeOptionsOf.get(locale);
  if (!options) {
    const { hourCycle } = formatter(locale, { hour: 'numeric' }).resolvedOptions();
    const twelve = hourCycle === 'h11' || hourCycle === 'h12';
    options = { hour: twelve ? 'numeric' : '2-digit', minute: '2-digit' };
    timeOptionsOf.set(locale, options);
  }
  return options;
}

/** "12/03/2026, 14:30" in the locale's order and clock. */
export function formatDateTime(text: string, locale: string): string {
  return format(text, locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...timeOptions(locale),
  });
}

/** Long form for headings and labels: "quinta-feira, 12 de março de 2026". */
export function formatLongDate(text: string, locale: string): string {
  return format(text, locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** Parts for a compact date button: weekday "qui.", day "12", month "mar.". */
export function dateButtonParts(
  text: string,
  locale: string,
): { weekday: string; day: string; month: string } {
  return {
    weekday: format(text, locale, { weekday: 'short' }),
    day: format(text, locale, { day: '2-digit' }),
    month: format(text, locale, { month: 'short' }),
  };
}

/** "14:30" (pt-BR, es-ES), "2:30 PM" (en-US), of a `YYYY-MM-DD HH:MM` wall-clock time. */
export function formatTime(text: string, locale: string): string {
  return format(text, locale, timeOptions(locale));
}

/**
 * The time of an instant (ISO 8601 with its offset, e.g. a Pix code's `expira_em`) on the shop's
 * clock, whatever the browser's zone: "14:30" (pt-BR, es-ES), "2:30 PM" (en-US).
 */
export function formatInstantTime(iso: string, locale: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return formatter(locale, timeOptions(locale)).format(instant).replace(ICU_SPACES, ' ');
}

/** The weekday of a `YYYY-MM-DD` date: "terça-feira" (pt-BR), "Tuesday" (en-US). */
export function formatWeekday(text: string, locale: string): string {
  return format(text, locale, { weekday: 'long' });
}

/** Countdown text "mm:ss" from a number of seconds (never negative). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = Math.floor(s / 60)
    .toString()
    .padStart(2, '0');
  const ss = (s % 60).toString().padStart(2, '0');
  return `${mm}:${ss}`;
}
