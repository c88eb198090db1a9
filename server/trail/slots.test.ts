import { describe, expect, it } from 'vitest';
import type { CatalogSlots } from '#schemas/brand.types.ts';
import { spInstant } from '#server/time.ts';
import {
  addDays,
  bookableSlots,
  changeDeadline,
  changeDeadlineText,
  hasSlots,
  horizon,
  isBookable,
  slotsOf,
} from './slots';

const L = { 'pt-BR': 'Trilha', 'es-ES': 'Sendero', 'en-US': 'Trail' };

const rules = (over: Partial<CatalogSlots> = {}): CatalogSlots => ({
  nome: L,
  horarios: ['14:30', '08:30'],
  vagas: 10,
  antecedenciaDias: 3,
  ...over,
});

// Wednesday 2026-03-04, 10:00 in Sao Paulo.
const NOW = spInstant('2026-03-04', '10:00');

describe('the slot calendar', () => {
  it('adds calendar days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('a day has slots by weekday, extra dates and closed dates', () => {
    // Neither weekdays nor dates: every day.
    expect(hasSlots(rules(), '2026-03-04')).toBe(true);
    // Weekdays: Sunday 0 … Saturday 6 (2026-03-04 is a Wednesday).
    expect(hasSlots(rules({ diasSemana: [3] }), '2026-03-04')).toBe(true);
    expect(hasSlots(rules({ diasSemana: [3] }), '2026-03-05')).toBe(false);
    // Extra dates whatever the weekday; only dates: those days only.
    expect(hasSlots(rules({ diasSemana: [3], datas: ['2026-03-05'] }), '2026-03-05')).toBe(true);
    expect(hasSlots(rules({ datas: ['2026-03-05'] }), '2026-03-06')).toBe(false);
    // Closed wins.
    expect(hasSlots(rules({ fechado: ['2026-03-04'] }), '2026-03-04')).toBe(false);
    // Not a calendar day.
    expect(hasSlots(rules(), '2026-02-30')).toBe(false);
  });

  it("a day's slots in time order, at their Sao Paulo instant", () => {
    const slots = slotsOf(rules(), '2026-03-04');
    expect(slots.map((s) => s.hora)).toEqual(['08:30', '14:30']);
    expect(slots[0]!.at.toISOString()).toBe('2026-03-04T11:30:00.000Z');
  });

  it('bookable: from now to the horizon, respecting the minimum notice', () => {
    expect(horizon(rules(), NOW)).toEqual({ from: '2026-03-04', to: '2026-03-07' });
    const all = bookableSlots(rules(), NOW);
    // Today 08:30 has passed; today 14:30 to the 7th's 14:30.
    expect(all[0]).toMatchObject({ dia: '2026-03-04', hora: '14:30' });
    expect(all.at(-1)).toMatchObject({ dia: '2026-03-07', hora: '14:30' });
    expect(all).toHaveLength(7);
    // Five hours of notice: today's 14:30 is too soon.
    const notice = rules({ antecedenciaMinimaHoras: 5 });
    expect(isBookable(notice, { dia: '2026-03-04', hora: '14:30' }, NOW)).toBe(false);
    expect(isBookable(notice, { dia: '2026-03-05', hora: '08:30' }, NOW)).toBe(true);
    // Beyond the horizon, before today, a time not offered.
    expect(isBookable(rules(), { dia: '2026-03-08', hora: '08:30' }, NOW)).toBe(false);
    expect(isBookable(rules(), { dia: '2026-03-03', hora: '14:30' }, NOW)).toBe(false);
    expect(isBookable(rules(), { dia: '2026-03-05', hora: '09:00' }, NOW)).toBe(false);
  });

  it('the change deadline: hours before the slot, none when bookings are final', () => {
    const at = spInstant('2026-03-06', '08:30');
    expect(changeDeadline(rules(), at)).toBeNull();
    expect(changeDeadlineText(rules({ alteracaoAteHoras: 24 }), at)).toBe('2026-03-05 08:30');
    expect(changeDeadlineText(rules({ alteracaoAteHoras: 0 }), at)).toBe('2026-03-06 08:30');
  });
});
