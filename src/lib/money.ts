/**
 * Money is always BRL in Brazilian format ("R$ 1.234,56"), whatever the interface language
 * (spec §9): the shop sells in reais only, so the format follows the currency, not the reader.
 */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatMoney(value: number): string {
  return brl.format(value);
}

export { toCents, toReais } from '#schemas/money.ts';
