import { describe, expect, it } from 'vitest';
import { reservaParams } from './checkout-logic';

describe('reservaParams (iniciarReserva of an add)', () => {
  it('sends no block for an event without blocks', () => {
    expect(reservaParams({ idapresentacao: 7, produtos: [{ idproduto: 101, qtd: 2 }] })).toEqual([
      [{ idproduto: 101, qtd: 2 }],
      7,
      [],
    ]);
  });

  it('sends the block the lines were chosen in once, as the third param, not in the products', () => {
    expect(
      reservaParams({
        idapresentacao: 9,
        produtos: [
          { idproduto: 301, qtd: 2, idbloco: 1 },
          { idproduto: 302, qtd: 1, idbloco: 1 },
        ],
      }),
    ).toEqual([
      [
        { idproduto: 301, qtd: 2 },
        { idproduto: 302, qtd: 1 },
      ],
      9,
      [1],
    ]);
  });
});
