import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMask, fitsSlot, type MaskSlot, maskCapacity, unmask } from './mask';

describe('applyMask', () => {
  it.each([
    ['999.999.999-99', '', ''],
    ['999.999.999-99', '1', '1'],
    ['999.999.999-99', '123', '123'],
    ['999.999.999-99', '1234', '123.4'],
    ['999.999.999-99', '12345678909', '123.456.789-09'],
    ['999.999.999-99', '123.456.789-09', '123.456.789-09'],
    ['999.999.999-99', '123456789091234', '123.456.789-09'],
    ['999.999.999-99', '12a3b', '123'],
    ['(99) 99999-9999', '1', '(1'],
    ['(99) 99999-9999', '11', '(11'],
    ['(99) 99999-9999', '119', '(11) 9'],
    ['(99) 99999-9999', '11987654321', '(11) 98765-4321'],
    ['AA.AAA.AAA/AAAA-99', '12abc34501de35', '12.abc.345/01de-35'],
    ['AA.AAA.AAA/AAAA-99', '12.ABC.345/01DE-35', '12.ABC.345/01DE-35'],
    ['AA.AAA.AAA/AAAA-99', '12ABC34501DEXY35', '12.ABC.345/01DE-35'],
    ['aaa-999', '1ab2c34', 'abc-34'],
    ['aaa-999', 'ção123', 'o'],
    ['99/99/9999', '311219', '31/12/19'],
  ])('%s with %j → %j', (pattern, value, expected) => {
    expect(applyMask(pattern, value)).toBe(expected);
  });
});

describe('unmask', () => {
  it.each([
    ['999.999.999-99', '123.456.789-09', '12345678909'],
    ['999.999.999-99', '123.4', '1234'],
    ['(99) 99999-9999', '(11) 98765-4321', '11987654321'],
    ['AA.AAA.AAA/AAAA-99', '12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['9999 9999', '', ''],
  ])('%s of %j → %j', (pattern, masked, expected) => {
    expect(unmask(pattern, masked)).toBe(expected);
  });

  it('counts the slots of a pattern', () => {
    expect(maskCapacity('999.999.999-99')).toBe(11);
    expect(maskCapacity('AA.AAA.AAA/AAAA-99')).toBe(14);
    expect(maskCapacity('')).toBe(0);
  });

  it('fits characters to slots', () => {
    expect(fitsSlot('9', '5')).toBe(true);
    expect(fitsSlot('9', 'x')).toBe(false);
    expect(fitsSlot('A', 'x')).toBe(true);
    expect(fitsSlot('A', '-')).toBe(false);
    expect(fitsSlot('a', '5')).toBe(false);
  });
});

const SLOT_CHARS: Record<MaskSlot, string[]> = {
  '9': [...'0123456789'],
  A: [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'],
  a: [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'],
};

// a pattern of slots and literals, then raw input that fits a prefix of its slots
const patternAndRaw = fc
  .array(fc.constantFrom<string>('9', 'A', 'a', '.', '-', '/', ' ', '(', ')'), {
    minLength: 1,
    maxLength: 20,
  })
  .map((chars) => chars.join(''))
  .chain((pattern) => {
    const slots = [...pattern].filter((c): c is MaskSlot => c === '9' || c === 'A' || c === 'a');
    return fc
      .integer({ min: 0, max: slots.length })
      .chain((n) => fc.tuple(...slots.slice(0, n).map((s) => fc.constantFrom(...SLOT_CHARS[s]))))
      .map((chars) => ({ pattern, raw: chars.join('') }));
  });

describe('mask properties', () => {
  it('unmask(applyMask(raw)) returns raw', () => {
    fc.assert(
      fc.property(patternAndRaw, ({ pattern, raw }) => {
        expect(unmask(pattern, applyMask(pattern, raw))).toBe(raw);
      }),
    );
  });

  // literals that are letters or digits are outside the contract (see mask.ts)
  const safePattern = fc
    .string({ maxLength: 20 })
    .filter((p) => !/[0-9A-Za-z]/.test(p.replace(/[9Aa]/g, '')));

  it('applyMask is idempotent and never longer than the pattern', () => {
    fc.assert(
      fc.property(safePattern, fc.string({ maxLength: 30 }), (pattern, value) => {
        const once = applyMask(pattern, value);
        expect(applyMask(pattern, once)).toBe(once);
        expect([...once].length).toBeLessThanOrEqual([...pattern].length);
      }),
    );
  });
});
