/**
 * Dates and times show in America/Sao_Paulo whatever the browser's zone (spec §9). The server
 * sends wall-clock strings in that zone (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`), so we turn
 * them into instants with the zone's offset at that moment and format them back in the zone.
 */
export const SHOP_TIME_ZONE = 'America/Sao_Paulo';

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const offsetFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes the shop's zone is ahead of UTC at `instant` (negative for Brazil). */
function zoneOffsetMinutes(instant: Date): number {
  const parts: Record<string, number> = {};
  for (const p of offsetFormatter.formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant of a Sao Paulo wall-clock string; null when the text is not one. */
export function parseShopDateTime(text: string): Date | null {
  const m = WALL_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '12', mi = '00', s = '00'] = m;
  // A date without a time is taken at noon so no offset can move it to another day.
  const naive = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  let instant = new Date(naive);
  // Two passes settle the offset even across a (historic) daylight-saving change.
  for (let i = 0; i < 2; i++) {
    instant = new Date(naive - zoneOffsetMinutes(instant) * 60_000);
  }
  return instant;
}

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

function format(text: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const instant = parseShopDateTime(text);
  return instant ? formatter(locale, options).format(instant) : text;
}

/** "12/03/2026" (pt-BR), "03/12/2026" (en-US). */
export function formatDate(text: string, locale: string): string {
  return format(text, locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** "12/03/2026 14:30" in the locale's order. */
export function formatDateTime(text: string, locale: string): string {
  return format(text, locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
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

/** "14:30" */
export function formatTime(text: string, locale: string): string {
  return format(text, locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
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
