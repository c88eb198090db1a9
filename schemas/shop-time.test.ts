import { describe, expect, it } from 'vitest';
import { formattedWallClock, shopInstant, shopWallClock } from './shop-time';

describe('shopInstant', () => {
  it('is the inverse of the shop wall clock, at every hour of a year', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3600_000 * 7) {
      const w = shopWallClock(new Date(t));
      expect(shopInstant(`${w.date} ${w.time}`)?.getTime()).toBe(t);
    }
  });

  it('reads Sao Paulo wall-clock time (UTC-3 since 2019)', () => {
    expect(shopInstant('2026-03-12 14:30')?.toISOString()).toBe('2026-03-12T17:30:00.000Z');
    expect(shopInstant('2026-03-12 23:59:59')?.toISOString()).toBe('2026-03-13T02:59:59.000Z');
  });

  it('honours historic daylight saving time', () => {
    // January 2018 was summer time in Sao Paulo (UTC-2).
    expect(shopInstant('2018-01-10 10:00')?.toISOString()).toBe('2018-01-10T12:00:00.000Z');
  });

  it('takes a bare date at noon so it never moves to another day', () => {
    expect(shopInstant('2026-12-31')?.toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });

  it('rejects other text', () => {
    expect(shopInstant('tomorrow')).toBeNull();
    expect(shopInstant('2026-3-1')).toBeNull();
  });
});

describe('shopWallClock', () => {
  // What the time-zone database tells, asked every time.
  const told = (t: number) => formattedWallClock(new Date(t));

  it('tells what the time-zone database tells, across daylight-saving changes', () => {
    // Brazil's last changes: summer time began 2018-11-04 00:00 and ended 2019-02-17 00:00.
    const around = [Date.UTC(2018, 10, 4, 3), Date.UTC(2019, 1, 17, 2), Date.UTC(2026, 5, 1)];
    for (const at of around) {
      for (let t = at - 2 * 3600_000; t < at + 2 * 3600_000; t += 59_999) {
        expect(shopWallClock(new Date(t))).toEqual(told(t));
      }
    }
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2040, 0, 1); t += 3600_000 * 97 + 1234) {
      expect(shopWallClock(new Date(t))).toEqual(told(t));
    }
  });
});
