import { Badge, Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type {
  CarrinhoItem,
  EnderecoEntregaDados,
  Movimentacao,
  StatusMovimentacao,
} from '#schemas/contract.ts';
import { rpc } from '#src/api/api.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { DataList } from '#src/components/data-list.tsx';
import { HolderForm, type HolderFormTicket } from '#src/components/holder-form.tsx';
import { formatDateTime } from '#src/lib/dates.ts';
import { formatMoney } from '#src/lib/money.ts';
import { useCancelPurchase } from '../hooks/use-cancel-purchase';
import { useCancelSlip } from '../hooks/use-cancel-slip';
import { CancelPurchase } from './cancel-purchase';
import { OrderItems } from './order-items';
import { OrderTotals } from './order-totals';
import { PendingPayment } from './pending-payment';
import { TicketsPdf } from './ticket-downloads';

const STATUS_PALETTE: Record<StatusMovimentacao, string> = {
  PA: 'green',
  RE: 'yellow',
  AP: 'yellow',
  TP: 'blue',
  EX: 'gray',
  CA: 'red',
};

export function OrderStatusBadge({ status }: { status: StatusMovimentacao }) {
  return (
    <Badge
      colorPalette={STATUS_PALETTE[status]}
      variant="subtle"
      size="md"
      data-testid="order-status"
    >
      <FormattedMessage id={`order.status.${status}`} />
    </Badge>
  );
}

/**
 * One order: locator, status, date, the voucher it was swapped for (its partner), its tickets by
 * event and session (holder, code, where each stands), what it cost, and what can be done with
 * it: pay it (a pending slip or Pix code, or cancel the slip), or cancel paid tickets as the
 * brand's rules allow. `onChanged`: the order changed on the server (a cancellation asked), the
 * list is read again.
 */
export function OrderCard({
  order,
  onChanged,
}: {
  order: Movimentacao & { itens: CarrinhoItem[] };
  onChanged(): void;
}) {
  const intl = useIntl();
  const slip = useCancelSlip(order.idmovimentacao);
  const cancel = useCancelPurchase(order.idmovimentacao, onChanged);
  // The paid ticket whose holder is being changed (its holder form is open).
  const [holderOf, setHolderOf] = useState<HolderFormTicket | null>(null);
  // Once its slip is cancelled the order is what the server answered (RE: in the cart; CA).
  const status = slip.status ?? order.status;
  const slipUrl = order.itens.find((item) => item.boleto_url)?.boleto_url;
  const awaiting = order.status === 'AP';
  const paid = order.status === 'PA';
  return (
    <Card.Root
      as="article"
      variant="outline"
      data-testid="order"
      data-locator={order.localizador}
      aria-label={intl.formatMessage({ id: 'order.label' }, { localizador: order.localizador })}
    >
      <Card.Header pb="2">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Box>
            <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
              <FormattedMessage id="order.locator" />
            </Text>
            <Heading as="h2" size="md" fontFamily="mono" data-testid="order-locator">
              {order.localizador}
            </Heading>
          </Box>
          <OrderStatusBadge status={status} />
        </Flex>
      </Card.Header>
      <Card.Body pt="2" gap="4">
        {order.pagamento_devolvido ? (
          <Text fontSize="sm" data-testid="order-late-refund">
            <FormattedMessage
              id={
                order.pagamento_devolvido.concluido
                  ? 'order.latePaymentRefunded'
                  : 'order.latePaymentRefunding'
              }
              values={{ valor: formatMoney(order.pagamento_devolvido.valor) }}
            />
          </Text>
        ) : null}
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <DataList.Item>
            <DataList.ItemLabel>
              <FormattedMessage id="order.date" />
            </DataList.ItemLabel>
            <DataList.ItemValue>
              {formatDateTime(order.dthr_reserva, intl.locale)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>
              <FormattedMessage id="order.quantity" />
            </DataList.ItemLabel>
            <DataList.ItemValue>{order.qtd}</DataList.ItemValue>
          </DataList.Item>
          {order.entrega_endereco ? (
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="order.delivery" />
              </DataList.ItemLabel>
              <DataList.ItemValue data-testid="order-delivery">
                <FormattedMessage
                  id="order.deliveryValue"
                  values={{
                    endereco: addressLine(order.entrega_endereco),
                    valor: formatMoney(order.entrega_valor),
                  }}
                />
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
          {order.voucher ? (
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="order.voucher" />
              </DataList.ItemLabel>
              <DataList.ItemValue data-testid="order-voucher">
                <FormattedMessage
                  id="order.voucherValue"
                  values={{
                    localizador: voucherCode(order.voucher.localizador),
                    parceiro: order.voucher.parceiro,
                  }}
                />
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
          {order.parcelas_gtw !== null && order.parcelas_gtw > 1 ? (
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="order.installments" />
              </DataList.ItemLabel>
              <DataList.ItemValue data-testid="order-installments">
                <FormattedMessage
                  id={
                    order.valor_juros > 0 ? 'order.installmentsInterest' : 'order.installmentsFree'
                  }
                  values={{ n: order.parcelas_gtw, juros: formatMoney(order.valor_juros) }}
                />
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
        <OrderItems
          itens={order.itens}
          choosing={cancel.choosing}
          chosen={cancel.chosen}
          onToggle={(iditem) => cancel.actor.send({ type: 'purchase.itemToggled', iditem })}
          onChangeHolder={(item) =>
            setHolderOf({
              item,
              number: order.itens.filter((i) => i.portador_regra).indexOf(item) + 1,
            })
          }
        />
        <HolderForm
          ticket={holderOf}
          onClose={() => setHolderOf(null)}
          saved="orders.holderChanged"
          onSave={async (portador) => {
            if (!holderOf) return null;
            try {
              await rpc('SuperIngresso', 'portadorSetItem', [holderOf.item.iditem, portador], {
                display: 'inline',
              });
            } catch (e) {
              return toErrorBody(e);
            }
            setHolderOf(null);
            onChanged();
            return null;
          }}
        />
        <OrderTotals order={order} itens={order.itens} />
        {awaiting ? <PendingPayment order={order} slip={slip} slipUrl={slipUrl} /> : null}
        {paid ? (
          <Stack gap="3">
            {order.itens.some((i) => i.status === 'PA' && i.codigo) ? (
              <TicketsPdf idmovimentacao={order.idmovimentacao} />
            ) : null}
            <CancelPurchase itens={order.itens} cancel={cancel} />
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** A voucher's 16 digits in groups of four, as the Voucher page's field shows them. */
function voucherCode(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A delivery address on one line: street, number, complement – district – city/state, CEP. */
function addressLine(a: EnderecoEntregaDados): string {
  const street = [a.end_logradouro, a.end_numero].filter(Boolean).join(', ');
  const first = a.end_complemento ? `${street} ${a.end_complemento}` : street;
  const place = `${a.end_cidade}/${a.end_estado}`;
  return [first, a.end_bairro, place, a.end_cep].filter(Boolean).join(' – ');
}
