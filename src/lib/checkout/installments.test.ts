import { describe, expect, it } from 'vitest';
import { chosenCharge, chosenTotal, installmentMessage, optionTotal } from './installments';

const nb = (s: string) => s.replace(/\u00a0/g, ' ');
const read = (m: ReturnType<typeof installmentMessage>) => ({
  id: m.id,
  values: Object.fromEntries(
    Object.entries(m.values).map(([k, v]) => [k, typeof v === 'string' ? nb(v) : v]),
  ),
});

describe('instalment options as shown', () => {
  it('with interest: instalment, total and interest', () => {
    expect(
      read(
        installmentMessage({
          parcela: 4,
          valor: 28.88,
          primeira: 28.88,
          total: 115.52,
          juros: 5.52,
        }),
      ),
    ).toEqual({
      id: 'payment.installmentOption',
      values: {
        n: 4,
        valor: 'R$ 28,88',
        primeira: 'R$ 28,88',
        total: 'R$ 115,52',
        juros: 'R$ 5,52',
      },
    });
  });

  it('interest-free: the first instalment carries the remainder and says so', () => {
    expect(
      read(installmentMessage({ parcela: 3, valor: 36.66, primeira: 36.68, total: 110, juros: 0 })),
    ).toMatchObject({
      id: 'payment.installmentOptionFreeFirst',
      values: { valor: 'R$ 36,66', primeira: 'R$ 36,68', total: 'R$ 110,00' },
    });
    expect(
      installmentMessage({ parcela: 2, valor: 55, primeira: 55, total: 110, juros: 0 }).id,
    ).toBe('payment.installmentOptionFree');
  });

  it('the pay button shows the chosen option’s total', () => {
    const gateway = {
      parcelas: [
        { parcela: 1, valor: 110, primeira: 110, total: 110, juros: 0 },
        { parcela: 4, valor: 28.88, primeira: 28.88, total: 115.52, juros: 5.52 },
      ],
    };
    expect(chosenTotal(gateway, 4, 110)).toBe(115.52);
    expect(chosenTotal(gateway, 1, 110)).toBe(110);
    expect(chosenTotal(gateway, 7, 110)).toBe(110);
    expect(chosenTotal(null, 1, 99)).toBe(99);
    // An older answer without totals: n × the instalment, in cents.
    expect(optionTotal({ parcela: 3, valor: 36.67 })).toBe(110.01);
  });

  it('the checkout’s summary and the pay button read one charge: by card its interest and total', () => {
    const gateway = {
      parcelas: [
        { parcela: 1, valor: 110, primeira: 110, total: 110, juros: 0 },
        { parcela: 4, valor: 28.88, primeira: 28.88, total: 115.52, juros: 5.52 },
      ],
    };
    expect(chosenCharge(gateway, 'cartao', 4, 110)).toEqual({
      parcelas: 4,
      juros: 5.52,
      total: 115.52,
    });
    // Pix or slip: the cart's total, no interest, whatever instalments were picked by card.
    expect(chosenCharge(gateway, 'pix', 4, 110)).toEqual({ parcelas: 1, juros: 0, total: 110 });
    expect(chosenCharge(null, 'cartao', 1, 99)).toEqual({ parcelas: 1, juros: 0, total: 99 });
  });
});
