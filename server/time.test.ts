import { describe, expect, it } from 'vitest';
import { spDate, spDateTime, spInstant, spTime } from '#server/time.ts';

describe('Sao Paulo time', () => {
  it('formats instants as Sao Paulo wall-clock text', () => {
    const d = new Date('2026-01-02T13:05:09Z');
    expect(spDateTime(d)).toBe('2026-01-02 10:05:09');
    expect(spDate(new Date('2026-01-02T02:00:00Z'))).toBe('2026-01-01');
    expect(spTime(d)).toBe('10:05');
  });

  it('finds the instant of a wall-clock date and time', () => {
    expect(spInstant('2026-01-02', '10:05').toISOString()).toBe('2026-01-02T13:05:00.000Z');
    expect(spInstant('2026-12-31', '23:30').toISOString()).toBe('2027-01-01T02:30:00.000Z');
    // 2018 still had daylight saving time (UTC-2) in November.
    expect(spInstant('2018-11-20', '12:00').toISOString()).toBe('2018-11-20T14:00:00.000Z');
  });
});
