import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CarrinhoItem, Movimentacao } from '../../../../schemas/contract';
import { ApproxPrice } from '../../../components/approx-price';
import { DataList } from '../../../components/data-list';
import type { MessageId } from '../../../lib/messages';
import { formatMoney, toCents, toReais } from '../../../lib/money';

/**
 * What the order cost, line by line: the tickets (list price), discounts (coupon and combos),
 * fees, the refundable-ticket option, the card interest, the delivery fee, and the total
 * charged; then what was given back for cancelled tickets and what is still being refunded.
 * Every ticket paid for counts (cancelled ones too: they were charged), so the total is what
 * the buyer paid.
 */
export function OrderTotals({ order, itens }: { order: Movimentacao; itens: CarrinhoItem[] }) {
  const sum = (pick: (i: CarrinhoItem) => number) =>
    itens.reduce((total, i) => total + toCents(pick(i)), 0);
  const subtotal = sum((i) => i.valor_sem_desconto);
  const desconto = sum((i) => i.valor_cupom + i.valor_combo);
  const taxa = sum((i) => i.taxa);
  const garantia = sum((i) => i.valor_garantia);
  const juros = toCents(order.valor_juros);
  const entrega = toCents(order.entrega_valor);
  // The tickets' totals carry their share of the interest: together with the delivery fee,
  // what was charged.
  const total = sum((i) => i.total) + entrega;
  const money = (cents: number) => formatMoney(toReais(cents));
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1" data-testid="order-totals">
      <Row label="order.subtotal" value={money(subtotal)} testId="order-subtotal" />
      {desconto > 0 ? (
        <Row label="order.discount" value={`− ${money(desconto)}`} testId="order-discount" />
      ) : null}
      {taxa > 0 ? <Row label="order.fees" value={money(taxa)} testId="order-fees" /> : null}
      {garantia > 0 ? (
        <Row label="order.refundable" value={money(garantia)} testId="order-refundable" />
      ) : null}
      {juros > 0 ? (
        <Row label="order.interest" value={money(juros)} testId="order-interest" />
      ) : null}
      {entrega > 0 ? (
        <Row label="order.deliveryFee" value={money(entrega)} testId="order-delivery-fee" />
      ) : null}
      <Row
        label="order.total"
        value={
          <>
            {money(total)}
            <ApproxPrice reais={toReais(total)} />
          </>
        }
        testId="order-total"
        strong
      />
      {order.valor_estornado ? (
        <Row
          label="order.refunded"
          value={formatMoney(order.valor_estornado)}
          testId="order-refunded"
        />
      ) : null}
      {order.valor_estorno_pendente ? (
        <Row
          label="order.refundPending"
          value={formatMoney(order.valor_estorno_pendente)}
          testId="order-refund-pending"
        />
      ) : null}
    </DataList.Root>
  );
}

function Row({
  label,
  value,
  testId,
  strong = false,
}: {
  label: MessageId;
  value: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>
        <FormattedMessage id={label} />
      </DataList.ItemLabel>
      <DataList.ItemValue fontWeight={strong ? 'semibold' : undefined} data-testid={testId}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
