import { describe, expect, it } from 'vitest';
import {
  dateButtonParts,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatInstantTime,
  formatTime,
} from './dates';

describe('formatting in America/Sao_Paulo', () => {
  it('formats dates per locale', () => {
    expect(formatDate('2026-03-12', 'pt-BR')).toBe('12/03/2026');
    expect(formatDate('2026-03-12', 'en-US')).toBe('03/12/2026');
    expect(formatDate('2026-03-12', 'es-ES')).toBe('12/03/2026');
  });

  it('shows the session time as the wall clock of the venue, in the clock of the language', () => {
    expect(formatTime('2026-03-12 09:05', 'pt-BR')).toBe('09:05');
    expect(formatTime('2026-03-12 23:30', 'es-ES')).toBe('23:30');
    // A plain space before AM/PM whatever the ICU (server and browser print the same).
    expect(formatTime('2026-03-12 23:30', 'en-US')).toBe('11:30 PM');
    expect(formatTime('2026-03-12 09:05', 'en-US')).toBe('9:05 AM');
    expect(formatDateTime('2026-03-12 23:30', 'pt-BR')).toBe('12/03/2026, 23:30');
    // The same clock in a date and time as in a time alone.
    expect(formatDateTime('2026-03-12 23:30', 'en-US')).toBe('03/12/2026, 11:30 PM');
  });

  it("shows an instant (a Pix code's deadline) on the venue's clock", () => {
    expect(formatInstantTime('2026-03-12T17:05:00.000Z', 'pt-BR')).toBe('14:05');
    expect(formatInstantTime('2026-03-12T17:05:00.000Z', 'en-US')).toBe('2:05 PM');
    expect(formatInstantTime('not a time', 'pt-BR')).toBe('not a time');
  });

  it('builds date button parts', () => {
    const p = dateButtonParts('2026-03-12', 'pt-BR');
    expect(p.day).toBe('12');
    expect(p.weekday.toLowerCase()).toContain('qui');
    expect(p.month.toLowerCase()).toContain('mar');
  });

  it('returns unknown text unchanged', () => {
    expect(formatDate('n/a', 'pt-BR')).toBe('n/a');
  });
});

describe('formatCountdown', () => {
  it('shows mm:ss', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(9.7)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});
