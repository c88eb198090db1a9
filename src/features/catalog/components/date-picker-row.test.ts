import { describe, expect, it } from 'vitest';
import { nextIndex } from './date-picker-row';

describe('nextIndex (radio-group keys of the date strip)', () => {
  it('moves with the arrows and wraps at both ends', () => {
    expect(nextIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextIndex('ArrowUp', 1, 3)).toBe(0);
  });
  it('jumps with Home and End, and ignores other keys', () => {
    expect(nextIndex('Home', 2, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
    expect(nextIndex('Tab', 1, 3)).toBeNull();
    expect(nextIndex('Enter', 1, 3)).toBeNull();
  });
});
