import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CarrinhoItem, Movimentacao } from '#schemas/contract.ts';
import { priceLines } from '#schemas/price-lines.ts';
import { ApproxPrice } from '#src/components/approx-price.tsx';
import { DataList } from '#src/components/data-list.tsx';
import type { MessageId } from '#src/lib/messages.d.ts';
import { formatMoney, toReais } from '#src/lib/money.ts';

/**
 * What the order cost, line by line (schemas/price-lines.ts, as the checkout and the mail): the
 * tickets at the price the event page sold them for (fees included), the combos and the coupon
 * off, the refundable-ticket option, the card interest, the delivery fee, and the total
 * charged; then what was given back for cancelled tickets and what is still being refunded.
 * Every ticket paid for counts (cancelled ones too: they were charged), so the total is what
 * the buyer paid.
 */
export function OrderTotals({ order, itens }: { order: Movimentacao; itens: CarrinhoItem[] }) {
  const lines = priceLines(itens, order.entrega_valor, order.valor_juros);
  const { comboCents: combo, cupomCents: cupom, taxaCents: taxa } = lines;
  const { garantiaCents: garantia, jurosCents: juros, entregaCents: entrega } = lines;
  const total = lines.totalCents;
  const money = (cents: number) => formatMoney(toReais(cents));
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1" data-testid="order-totals">
      <Row
        label="order.subtotal"
        value={
          <>
            {money(lines.ingressosCents)}
            {taxa > 0 ? (
              <>
                {' '}
                <FormattedMessage id="product.feeIncluded" values={{ taxa: money(taxa) }} />
              </>
            ) : null}
          </>
        }
        testId="order-subtotal"
      />
      {combo > 0 ? (
        <Row label="cart.comboDiscount" value={`− ${money(combo)}`} testId="order-combo" />
      ) : null}
      {cupom > 0 ? (
        <Row
          label="cart.couponDiscount"
          values={{ code: itens[0]?.cupom ?? '' }}
          value={`− ${money(cupom)}`}
          testId="order-coupon"
        />
      ) : null}
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
  values,
  value,
  testId,
  strong = false,
}: {
  label: MessageId;
  values?: Record<string, string>;
  value: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>
        <FormattedMessage id={label} values={values} />
      </DataList.ItemLabel>
      <DataList.ItemValue fontWeight={strong ? 'semibold' : undefined} data-testid={testId}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
