import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogSchedule } from '#schemas/brand.types.ts';
import { expandSchedule, todayInSaoPaulo } from './schedule';

const title = (s: string) => ({ 'pt-BR': s, 'es-ES': s, 'en-US': s });

describe('expandSchedule, daily', () => {
  it('lays out every time of every day from fromDay, sorted, even when times are not', () => {
    const s: CatalogSchedule = { kind: 'daily', fromDay: 1, days: 2, times: ['14:00', '09:30'] };
    expect(expandSchedule(s, '2026-03-01')).toEqual([
      { date: '2026-03-02', time: '09:30' },
      { date: '2026-03-02', time: '14:00' },
      { date: '2026-03-03', time: '09:30' },
      { date: '2026-03-03', time: '14:00' },
    ]);
  });

  it('skips the days whose weekday is not listed (closed on Mondays)', () => {
    // 2026-03-01 is a Sunday; 2026-03-02 and 2026-03-09 are Mondays.
    const s: CatalogSchedule = {
      kind: 'daily',
      fromDay: 0,
      days: 14,
      times: ['10:00'],
      weekdays: [0, 2, 3, 4, 5, 6],
    };
    const dates = expandSchedule(s, '2026-03-01').map((x) => x.date);
    expect(dates).toHaveLength(12);
    expect(dates).not.toContain('2026-03-02');
    expect(dates).not.toContain('2026-03-09');
    expect(dates[0]).toBe('2026-03-01');
    expect(dates.at(-1)).toBe('2026-03-14');
  });

  it('only the listed weekdays (weekends)', () => {
    const s: CatalogSchedule = {
      kind: 'daily',
      fromDay: 0,
      days: 7,
      times: ['10:00'],
      weekdays: [6, 0],
    };
    expect(expandSchedule(s, '2026-06-15').map((x) => x.date)).toEqual([
      '2026-06-20',
      '2026-06-21',
    ]);
  });

  it('crosses month, leap-day and year boundaries', () => {
    const daily = (days: number): CatalogSchedule => ({
      kind: 'daily',
      fromDay: 0,
      days,
      times: ['09:00'],
    });
    expect(expandSchedule(daily(4), '2026-01-30').map((x) => x.date)).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(expandSchedule(daily(3), '2028-02-28').map((x) => x.date)).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(expandSchedule(daily(2), '2026-12-31').map((x) => x.date)).toEqual([
      '2026-12-31',
      '2027-01-01',
    ]);
  });

  it('never yields a weekday outside the list, and yields every time of every listed day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 40 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        (d, fromDay, days, weekdays) => {
          const today = d.toISOString().slice(0, 10);
          const s: CatalogSchedule = {
            kind: 'daily',
            fromDay,
            days,
            times: ['18:00', '08:00'],
            weekdays,
          };
          const out = expandSchedule(s, today);
          const start = Date.parse(`${today}T00:00:00Z`) + fromDay * 86_400_000;
          let expected = 0;
          for (let i = 0; i < days; i++) {
            if (weekdays.includes(new Date(start + i * 86_400_000).getUTCDay())) expected += 2;
          }
          expect(out).toHaveLength(expected);
          for (const x of out)
            expect(weekdays).toContain(new Date(`${x.date}T00:00:00Z`).getUTCDay());
          const keys = out.map((x) => `${x.date} ${x.time}`);
          expect(keys).toEqual([...keys].sort());
        },
      ),
    );
  });
});

describe('expandSchedule, dates', () => {
  it('places each session offsetDays after today, sorted by date then time, keeping titles', () => {
    const s: CatalogSchedule = {
      kind: 'dates',
      sessions: [
        { offsetDays: 45, time: '18:30', title: title('C') },
        { offsetDays: 7, time: '21:00' },
        { offsetDays: 7, time: '16:00', title: title('A') },
      ],
    };
    expect(expandSchedule(s, '2026-12-20')).toEqual([
      { date: '2026-12-27', time: '16:00', title: title('A') },
      { date: '2026-12-27', time: '21:00' },
      { date: '2027-02-03', time: '18:30', title: title('C') },
    ]);
  });

  it('leaves out the title key when a session has none', () => {
    const [only] = expandSchedule(
      { kind: 'dates', sessions: [{ offsetDays: 0, time: '10:00' }] },
      '2026-03-01',
    );
    expect(only).toEqual({ date: '2026-03-01', time: '10:00' });
    expect(Object.keys(only!)).toEqual(['date', 'time']);
  });

  it('rejects a today that is not a calendar date', () => {
    const s: CatalogSchedule = { kind: 'dates', sessions: [{ offsetDays: 0, time: '10:00' }] };
    expect(() => expandSchedule(s, '2026-02-30')).toThrow(RangeError);
    expect(() => expandSchedule(s, '1/3/2026')).toThrow(RangeError);
  });
});

describe('todayInSaoPaulo', () => {
  it('is the calendar day in America/Sao_Paulo (UTC-3), not in UTC', () => {
    expect(todayInSaoPaulo(new Date('2026-03-01T02:59:00Z'))).toBe('2026-02-28');
    expect(todayInSaoPaulo(new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
    expect(todayInSaoPaulo(new Date('2026-12-31T23:00:00Z'))).toBe('2026-12-31');
  });

  it('defaults to now', () => {
    expect(todayInSaoPaulo()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
