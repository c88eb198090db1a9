import { describe, expect, it } from 'vitest';
import { installmentOptions } from './installments';

describe('installmentOptions', () => {
  it('offers 1x always and more while each instalment is at least the minimum', () => {
    expect(installmentOptions(11000, 6, 2000).map((o) => [o.parcela, o.valorCents])).toEqual([
      [1, 11000],
      [2, 5500],
      [3, 3667],
      [4, 2750],
      [5, 2200],
    ]);
    expect(installmentOptions(500, 12, 1000)).toEqual([{ parcela: 1, valorCents: 500 }]);
    expect(installmentOptions(0, 12, 1000)).toEqual([{ parcela: 1, valorCents: 0 }]);
    expect(installmentOptions(120000, 12, 1000)).toHaveLength(12);
  });
});
