import { describe, expect, it } from 'vitest';
import { warningMinutes } from './countdown';

describe('countdown warnings for screen readers', () => {
  it.each([
    [900, null],
    [301, null],
    [300, 5],
    [121, 5],
    [120, 2],
    [61, 2],
    [60, 1],
    [1, 1],
    [0, 1],
  ])('%d s left → warn at %s min', (seconds, minutes) => {
    expect(warningMinutes(seconds)).toBe(minutes);
  });
});
