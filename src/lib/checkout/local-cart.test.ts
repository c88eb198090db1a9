import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, writeString } from '#src/lib/storage.ts';
import { keepLocally, localCartUnits, readLocalCart } from './local-cart';

const entry = (idproduto: number, qtd: number) => ({
  idapresentacao: 5,
  produtos: [{ idproduto, qtd }],
  label: `p${idproduto}`,
});

describe('local cart', () => {
  beforeEach(() => writeString(STORAGE_KEYS.localCart, null));

  it('keeps entries across reads (localStorage) and counts their units', () => {
    keepLocally(entry(1, 2));
    keepLocally(entry(2, 3));
    expect(readLocalCart()).toHaveLength(2);
    expect(localCartUnits()).toBe(5);
  });

  it('takes at most 10 of one product, keeping what fits and saying so', () => {
    expect(keepLocally(entry(1, 7))).toEqual({ kept: 7, limited: false });
    expect(keepLocally(entry(1, 5))).toEqual({ kept: 3, limited: true });
    expect(keepLocally(entry(1, 1))).toEqual({ kept: 0, limited: true });
    expect(localCartUnits()).toBe(10);
    // Another product has its own 10.
    expect(keepLocally(entry(2, 10))).toEqual({ kept: 10, limited: false });
  });

  it('a damaged stored value reads as an empty cart', () => {
    writeString(STORAGE_KEYS.localCart, '{"not":"a list"}');
    expect(readLocalCart()).toEqual([]);
  });
});
