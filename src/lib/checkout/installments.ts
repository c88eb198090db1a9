/**
 * How an instalment option reads (getGatewayPagamento `parcelas`): the instalment, the total
 * charged and the interest, so the amounts shown are the amounts charged. Interest-free, the
 * first instalment carries the remainder of the division (server/payments/installments.ts) and
 * says so when it differs.
 */
import type { FormaPagamento, GatewayPagamento, ParcelaOpcao } from '#schemas/contract.ts';
import { formatMoney, toCents, toReais } from '#src/lib/money.ts';

/** A react-intl message: its id and values. */
export interface InstallmentMessage {
  id:
    | 'payment.installmentOption'
    | 'payment.installmentOptionFree'
    | 'payment.installmentOptionFreeFirst';
  values: Record<string, string | number>;
}

/** What option `p` charges: its `total` (a server without it: n × the instalment). */
export function optionTotal(p: ParcelaOpcao): number {
  return p.total ?? toReais(toCents(p.valor) * p.parcela);
}

/** The message of option `p`. */
export function installmentMessage(p: ParcelaOpcao): InstallmentMessage {
  const values = {
    n: p.parcela,
    valor: formatMoney(p.valor),
    total: formatMoney(optionTotal(p)),
    juros: formatMoney(p.juros ?? 0),
    primeira: formatMoney(p.primeira ?? p.valor),
  };
  if ((p.juros ?? 0) > 0) return { id: 'payment.installmentOption', values };
  if (p.primeira !== undefined && toCents(p.primeira) !== toCents(p.valor)) {
    return { id: 'payment.installmentOptionFreeFirst', values };
  }
  return { id: 'payment.installmentOptionFree', values };
}

/** What the chosen option charges, or `fallback` (the cart's total) when it is not offered. */
export function chosenTotal(
  gateway: Pick<GatewayPagamento, 'parcelas'> | null | undefined,
  parcelas: number,
  fallback: number,
): number {
  return chosenCharge(gateway, 'cartao', parcelas, fallback).total;
}

/** What a payment charges: the instalments, their interest and the total (reais). */
export interface Charge {
  parcelas: number;
  juros: number;
  total: number;
}

/**
 * What paying with `forma` in `parcelas` instalments charges for a cart of `total`: by card the
 * chosen option's interest and total, else the cart's total. The pay button and the checkout's
 * summary both read it, so the total shown is the amount charged.
 */
export function chosenCharge(
  gateway: Pick<GatewayPagamento, 'parcelas'> | null | undefined,
  forma: FormaPagamento,
  parcelas: number,
  total: number,
): Charge {
  const p = forma === 'cartao' ? gateway?.parcelas.find((o) => o.parcela === parcelas) : undefined;
  return p
    ? { parcelas: p.parcela, juros: p.juros ?? 0, total: optionTotal(p) }
    : { parcelas: 1, juros: 0, total };
}
