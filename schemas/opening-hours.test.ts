import { describe, expect, it } from 'vitest';
import {
  addDays,
  type OpeningHours,
  openingHoursProblems,
  openingStatus,
  weekdayOf,
} from './opening-hours';

// Tuesday to Sunday 09:00–18:00, closed on Christmas; Monday closed.
const HOURS: OpeningHours = {
  weekly: [{ days: ['tue', 'wed', 'thu', 'fri', 'sat', 'sun'], open: '09:00', close: '18:00' }],
  closedDates: ['2026-12-25'],
};
// São Paulo is UTC−3 all year since 2019: 12:00Z is 09:00 there.
const at = (iso: string) => new Date(iso);

describe('openingStatus (America/Sao_Paulo)', () => {
  it('open inside an interval, until its close', () => {
    // Wednesday 2026-11-25 14:30 in São Paulo.
    expect(openingStatus(HOURS, at('2026-11-25T17:30:00Z'))).toEqual({
      open: true,
      closesAt: '18:00',
    });
  });

  it('the opening minute is open, the closing minute is not', () => {
    expect(openingStatus(HOURS, at('2026-11-25T12:00:00Z')).open).toBe(true);
    expect(openingStatus(HOURS, at('2026-11-25T20:59:59Z')).open).toBe(true);
    expect(openingStatus(HOURS, at('2026-11-25T21:00:00Z'))).toEqual({
      open: false,
      next: { date: '2026-11-26', time: '09:00', inDays: 1 },
    });
  });

  it('before opening: opens later today', () => {
    // Wednesday 07:15 in São Paulo (10:15Z).
    expect(openingStatus(HOURS, at('2026-11-25T10:15:00Z'))).toEqual({
      open: false,
      next: { date: '2026-11-25', time: '09:00', inDays: 0 },
    });
  });

  it('on a closed weekday (Monday): opens on Tuesday', () => {
    // Monday 2026-11-23 12:00 in São Paulo.
    expect(openingStatus(HOURS, at('2026-11-23T15:00:00Z'))).toEqual({
      open: false,
      next: { date: '2026-11-24', time: '09:00', inDays: 1 },
    });
    // Sunday evening: the next opening skips Monday.
    expect(openingStatus(HOURS, at('2026-11-29T22:00:00Z'))).toEqual({
      open: false,
      next: { date: '2026-12-01', time: '09:00', inDays: 2 },
    });
  });

  it('a closed date closes a day the week opens; the next day opens as usual', () => {
    // Christmas 2026 is a Friday.
    expect(openingStatus(HOURS, at('2026-12-25T15:00:00Z'))).toEqual({
      open: false,
      next: { date: '2026-12-26', time: '09:00', inDays: 1 },
    });
  });

  it("reads the shop's date, not UTC's: 23:30 in São Paulo is already tomorrow in UTC", () => {
    // Tuesday 2026-11-24 23:30 in São Paulo = Wednesday 02:30Z.
    expect(openingStatus(HOURS, at('2026-11-25T02:30:00Z'))).toEqual({
      open: false,
      next: { date: '2026-11-25', time: '09:00', inDays: 1 },
    });
  });

  it('no daylight saving since 2019: summer is UTC−3 too; 2018 had UTC−2', () => {
    // January 2027 (summer): 12:00Z is 09:00, open.
    expect(openingStatus(HOURS, at('2027-01-12T12:00:00Z')).open).toBe(true);
    expect(openingStatus(HOURS, at('2027-01-12T11:59:00Z')).open).toBe(false);
    // December 2018 had daylight saving (UTC−2): 11:00Z was already 09:00.
    expect(openingStatus(HOURS, at('2018-12-04T11:00:00Z')).open).toBe(true);
  });

  it('several intervals a day (lunch break) and nothing within two weeks', () => {
    const split: OpeningHours = {
      weekly: [
        { days: ['mon'], open: '13:00', close: '17:00' },
        { days: ['mon'], open: '08:00', close: '12:00' },
      ],
    };
    // Monday 2026-11-23 12:30 in São Paulo: the break.
    expect(openingStatus(split, at('2026-11-23T15:30:00Z'))).toEqual({
      open: false,
      next: { date: '2026-11-23', time: '13:00', inDays: 0 },
    });
    expect(openingStatus(split, at('2026-11-23T16:30:00Z'))).toEqual({
      open: true,
      closesAt: '17:00',
    });
    const never: OpeningHours = { weekly: split.weekly, closedDates: [] };
    for (let d = 0; d < 15; d++) never.closedDates!.push(addDays('2026-11-23', d));
    expect(openingStatus(never, at('2026-11-23T15:30:00Z'))).toEqual({ open: false, next: null });
  });

  it('weekdays and date arithmetic', () => {
    expect(weekdayOf('2026-11-24')).toBe('tue');
    expect(weekdayOf('2027-01-01')).toBe('fri');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('openingHoursProblems', () => {
  it('accepts sound hours', () => {
    expect(openingHoursProblems(HOURS)).toEqual([]);
  });

  it('refuses an interval that ends before it starts, and overlaps on one day (once)', () => {
    expect(
      openingHoursProblems({
        weekly: [
          { days: ['mon', 'tue'], open: '09:00', close: '12:00' },
          { days: ['sat'], open: '18:00', close: '09:00' },
          { days: ['mon', 'tue'], open: '11:00', close: '15:00' },
        ],
      }),
    ).toEqual([
      ['/weekly/1/close', 'must be later than open (18:00)'],
      ['/weekly/2/open', 'overlaps /weekly/0 on mon (09:00–12:00)'],
    ]);
  });
});
