import { describe, expect, it } from 'vitest';
import type { DeliveryRules } from '#schemas/brand.types.ts';
import { quoteDelivery } from './delivery-rules';

const rules: DeliveryRules = {
  countries: ['BR'],
  fee: 24.9,
  days: 10,
  regions: [
    { states: ['SP'], fee: 12.9, days: 3 },
    { states: ['RJ', 'MG'], fee: 18.9, days: 6 },
  ],
};

describe('the carrier rule (brand.json delivery)', () => {
  it('prices a state of a region with that region', () => {
    expect(quoteDelivery(rules, { end_pais: 'BR', end_estado: 'SP' })).toEqual({
      entregavel: true,
      valorCents: 1290,
      dias: 3,
    });
    expect(quoteDelivery(rules, { end_pais: 'BR', end_estado: 'MG' })).toEqual({
      entregavel: true,
      valorCents: 1890,
      dias: 6,
    });
  });

  it('prices any other state of a delivered country with the defaults', () => {
    expect(quoteDelivery(rules, { end_pais: 'BR', end_estado: 'AM' })).toEqual({
      entregavel: true,
      valorCents: 2490,
      dias: 10,
    });
  });

  it('reads codes regardless of case and spaces', () => {
    expect(quoteDelivery(rules, { end_pais: ' br', end_estado: 'sp ' })).toMatchObject({
      entregavel: true,
      valorCents: 1290,
    });
  });

  it('does not deliver outside its countries, nor without rules', () => {
    expect(quoteDelivery(rules, { end_pais: 'AR', end_estado: 'SP' })).toEqual({
      entregavel: false,
      motivo: 'error.deliveryCountry',
    });
    expect(quoteDelivery(undefined, { end_pais: 'BR', end_estado: 'SP' })).toEqual({
      entregavel: false,
      motivo: 'error.deliveryNotOffered',
    });
  });

  it('keeps whole cents for fees with two decimals', () => {
    const flat: DeliveryRules = { countries: ['BR', 'PT'], fee: 0.29, days: 1 };
    expect(quoteDelivery(flat, { end_pais: 'PT', end_estado: 'LIS' })).toEqual({
      entregavel: true,
      valorCents: 29,
      dias: 1,
    });
    expect(quoteDelivery({ ...flat, fee: 0 }, { end_pais: 'BR', end_estado: 'SP' })).toMatchObject({
      valorCents: 0,
    });
  });
});
