import { describe, expect, it } from 'vitest';
import {
  ageOn,
  dateOrder,
  formatBirthdate,
  isBirthdate,
  isBirthdateNow,
  isIsoDate,
  parseBirthdate,
  todayIso,
} from './birthdate';

describe('parseBirthdate', () => {
  it.each([
    ['31/12/1990', 'pt-BR', '1990-12-31'],
    ['31/12/1990', 'es-ES', '1990-12-31'],
    ['12/31/1990', 'en-US', '1990-12-31'],
    ['12/31/1990', 'en_US', '1990-12-31'],
    ['12/31/1990', 'en', '1990-12-31'],
    ['05/04/2001', 'pt-BR', '2001-04-05'],
    ['05/04/2001', 'en-US', '2001-05-04'],
    ['5/4/2001', 'pt-BR', '2001-04-05'],
    [' 05/04/2001 ', 'pt-BR', '2001-04-05'],
    ['29/02/2000', 'pt-BR', '2000-02-29'],
    ['29/02/2024', 'pt-BR', '2024-02-29'],
    ['01/01/1900', 'pt-BR', '1900-01-01'],
    // future dates parse; isBirthdate rejects them
    ['01/01/2999', 'pt-BR', '2999-01-01'],
    // not real dates
    ['31/02/2000', 'pt-BR', null],
    ['29/02/1900', 'pt-BR', null],
    ['29/02/2023', 'pt-BR', null],
    ['31/04/2000', 'pt-BR', null],
    ['00/01/2000', 'pt-BR', null],
    ['01/13/2000', 'pt-BR', null],
    ['12/31/1990', 'pt-BR', null],
    ['31/12/1990', 'en-US', null],
    ['31/12/1899', 'pt-BR', null],
    // shape
    ['31/12/90', 'pt-BR', null],
    ['31-12-1990', 'pt-BR', null],
    ['1990-12-31', 'pt-BR', null],
    ['', 'pt-BR', null],
    ['311/2/1990', 'pt-BR', null],
  ])('%j in %s → %s', (text, locale, expected) => {
    expect(parseBirthdate(text, locale)).toBe(expected);
  });
});

describe('formatBirthdate', () => {
  it.each([
    ['1990-12-31', 'pt-BR', '31/12/1990'],
    ['1990-12-31', 'es-ES', '31/12/1990'],
    ['1990-12-31', 'en-US', '12/31/1990'],
    ['2001-04-05', 'en-US', '04/05/2001'],
    ['2001-02-30', 'pt-BR', ''],
    ['not a date', 'pt-BR', ''],
  ])('%s in %s → %j', (iso, locale, expected) => {
    expect(formatBirthdate(iso, locale)).toBe(expected);
  });

  it('round-trips with parseBirthdate', () => {
    for (const locale of ['pt-BR', 'es-ES', 'en-US']) {
      for (const iso of ['1900-01-01', '1990-12-31', '2000-02-29', '2024-07-04']) {
        expect(parseBirthdate(formatBirthdate(iso, locale), locale)).toBe(iso);
      }
    }
  });

  it('orders by locale', () => {
    expect(dateOrder('pt-BR')).toBe('dmy');
    expect(dateOrder('es-ES')).toBe('dmy');
    expect(dateOrder('en-GB')).toBe('dmy');
    expect(dateOrder('en-US')).toBe('mdy');
    expect(dateOrder('EN_us')).toBe('mdy');
  });
});

describe('ageOn', () => {
  it.each([
    ['1990-06-15', '2026-06-14', 35],
    ['1990-06-15', '2026-06-15', 36],
    ['1990-06-15', '2026-12-31', 36],
    ['2026-06-15', '2026-06-15', 0],
    ['2025-06-16', '2026-06-15', 0],
    ['2025-06-15', '2026-06-15', 1],
    ['2000-02-29', '2025-02-28', 24],
    ['2000-02-29', '2025-03-01', 25],
    ['2000-02-29', '2024-02-29', 24],
    // future: 0
    ['2026-06-16', '2026-06-15', 0],
    ['2999-01-01', '2026-06-15', 0],
    // invalid: 0
    ['1990-02-30', '2026-06-15', 0],
    ['garbage', '2026-06-15', 0],
  ])('born %s, on %s → %d', (iso, today, age) => {
    expect(ageOn(iso, today)).toBe(age);
  });
});

describe('isBirthdate', () => {
  it.each([
    ['1990-12-31', true],
    ['2026-06-15', true],
    ['1900-01-01', true],
    ['2026-06-16', false],
    ['1899-12-31', false],
    ['1990-02-30', false],
    ['1990-2-3', false],
    ['31/12/1990', false],
    ['', false],
  ])('%j on 2026-06-15 → %s', (iso, expected) => {
    expect(isBirthdate(iso, '2026-06-15')).toBe(expected);
  });

  it('validates ISO dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-00-10')).toBe(false);
  });

  it('takes today at UTC+14', () => {
    expect(todayIso(new Date('2026-06-15T09:59:59Z'))).toBe('2026-06-15');
    expect(todayIso(new Date('2026-06-15T10:00:00Z'))).toBe('2026-06-16');
    expect(todayIso(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('the format checks against the current date', () => {
    expect(isBirthdateNow('1990-12-31')).toBe(true);
    expect(isBirthdateNow(todayIso())).toBe(true);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(isBirthdateNow(later)).toBe(false);
  });
});
