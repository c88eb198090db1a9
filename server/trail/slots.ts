/**
 * The slot calendar of a product that needs a scheduled slot (catalogue `agendamento`), from
 * the catalogue alone: which days have slots, a day's slots, whether one may be booked now and
 * until when a booking may move. Pure (the caller passes the database's clock); days and times
 * are America/Sao_Paulo wall-clock text.
 */
import type { CatalogSlots } from '#schemas/brand.types.ts';
import type { AgendamentoHorario } from '#schemas/contract.ts';
import { spDate, spDateTimeMinutes, spInstant } from '#server/time.ts';

const HOUR_MS = 3_600_000;

/** A slot of the calendar: its day and time and the instant it starts. */
export interface Slot extends AgendamentoHorario {
  at: Date;
}

/** `dia` plus `n` calendar days (`YYYY-MM-DD`). */
export function addDays(dia: string, n: number): string {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whether `dia` is a real calendar day (`2026-02-30` is not). */
function isCalendarDay(dia: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(dia) && addDays(dia, 0) === dia;
}

/** Whether the rules give `dia` slots at all (its weekday, the extra days, the closed days). */
export function hasSlots(rules: CatalogSlots, dia: string): boolean {
  if (!isCalendarDay(dia) || rules.fechado?.includes(dia)) return false;
  if (rules.datas?.includes(dia)) return true;
  if (!rules.diasSemana) return !rules.datas;
  return rules.diasSemana.includes(new Date(`${dia}T12:00:00Z`).getUTCDay());
}

/** The first and last day slots may be on, seen at `now`: today to today + antecedenciaDias. */
export function horizon(rules: CatalogSlots, now: Date): { from: string; to: string } {
  const from = spDate(now);
  return { from, to: addDays(from, rules.antecedenciaDias) };
}

/** The slots of `dia`, in time order ([] when the day has none). */
export function slotsOf(rules: CatalogSlots, dia: string): Slot[] {
  if (!hasSlots(rules, dia)) return [];
  return [...rules.horarios].sort().map((hora) => ({ dia, hora, at: spInstant(dia, hora) }));
}

/** Every slot from today to the horizon that may still be booked at `now`. */
export function bookableSlots(rules: CatalogSlots, now: Date): Slot[] {
  const { from, to } = horizon(rules, now);
  const out: Slot[] = [];
  for (let dia = from; dia <= to; dia = addDays(dia, 1)) {
    for (const slot of slotsOf(rules, dia)) if (isBookable(rules, slot, now)) out.push(slot);
  }
  return out;
}

/**
 * Whether `slot` is one of the rules' and may be booked at `now`: within the horizon, and at
 * least `antecedenciaMinimaHoras` before it starts.
 */
export function isBookable(rules: CatalogSlots, slot: AgendamentoHorario, now: Date): boolean {
  const { from, to } = horizon(rules, now);
  if (slot.dia < from || slot.dia > to || !rules.horarios.includes(slot.hora)) return false;
  if (!hasSlots(rules, slot.dia)) return false;
  const lead = (rules.antecedenciaMinimaHoras ?? 0) * HOUR_MS;
  return spInstant(slot.dia, slot.hora).getTime() - lead > now.getTime();
}

/**
 * Until when a booking of the slot starting at `at` may move to another slot: `alteracaoAteHoras`
 * before it; null when the rules make bookings final.
 */
export function changeDeadline(rules: CatalogSlots, at: Date): Date | null {
  if (rules.alteracaoAteHoras === undefined) return null;
  return new Date(at.getTime() - rules.alteracaoAteHoras * HOUR_MS);
}

/** {@link changeDeadline} as contract text (`YYYY-MM-DD HH:MM`, Sao Paulo), or null. */
export function changeDeadlineText(rules: CatalogSlots, at: Date): string | null {
  const d = changeDeadline(rules, at);
  return d ? spDateTimeMinutes(d) : null;
}
