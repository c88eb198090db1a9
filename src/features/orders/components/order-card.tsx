import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  DataList,
  Flex,
  Heading,
  Stack,
  Text,
} from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type {
  CarrinhoItem,
  EnderecoEntregaDados,
  Locale,
  Movimentacao,
  StatusMovimentacao,
} from '../../../../schemas/contract';
import { apiUrl } from '../../../api/api';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney, toCents, toReais } from '../../../lib/money';
import { useCancelSlip } from '../hooks/use-cancel-slip';
import { CancelSlip } from './cancel-slip';

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
 * One order: locator, date, total, status and its tickets (one per unit, with the code). An
 * order awaiting its bank slip keeps the slip at hand and offers to cancel it.
 */
export function OrderCard({ order }: { order: Movimentacao & { itens: CarrinhoItem[] } }) {
  const intl = useIntl();
  const slip = useCancelSlip(order.idmovimentacao);
  // Once its slip is cancelled the order is what the server answered (RE: in the cart; CA).
  const status = slip.status ?? order.status;
  // An order awaiting its bank slip: the slip stays at hand to print or pay.
  const slipUrl =
    order.status === 'AP' ? order.itens.find((item) => item.boleto_url)?.boleto_url : undefined;
  return (
    <Card.Root as="article" variant="outline" data-testid="order">
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
          <DataList.Item>
            <DataList.ItemLabel>
              <FormattedMessage id="order.total" />
            </DataList.ItemLabel>
            <DataList.ItemValue fontWeight="semibold" data-testid="order-total">
              {/* What was charged: the tickets plus the card interest, if any. */}
              {formatMoney(toReais(toCents(order.total) + toCents(order.valor_juros)))}
            </DataList.ItemValue>
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
        <Stack
          as="ul"
          listStyleType="none"
          gap="2"
          aria-label={intl.formatMessage({ id: 'order.tickets' })}
        >
          {order.itens.map((item) => (
            <Box
              as="li"
              key={item.iditem}
              borderWidth="1px"
              borderRadius="md"
              p="3"
              bg="bg.subtle"
              data-testid="order-item"
            >
              <Text fontWeight="semibold">{item.dscevento}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(item.dthr_apresentacao, intl.locale)} · {item.dscapre}
              </Text>
              <Flex justify="space-between" align="center" mt="1" gap="2" wrap="wrap">
                <Text fontSize="sm">
                  {item.dsctipo} · {item.dscproduto} · {formatMoney(item.total)}
                </Text>
                {item.codigo ? (
                  <Text fontSize="sm">
                    <FormattedMessage id="order.ticketCode" />{' '}
                    <Code data-testid="ticket-code">{item.codigo}</Code>
                  </Text>
                ) : null}
              </Flex>
            </Box>
          ))}
        </Stack>
        {slipUrl ? (
          <Stack gap="3">
            {slip.done ? null : (
              <Box>
                <Button asChild variant="outline" size="sm">
                  <a
                    href={apiUrl(slipUrl, intl.locale as Locale)}
                    target="_blank"
                    rel="noopener"
                    data-testid="order-slip"
                  >
                    <FormattedMessage id="payment.boleto.open" />
                  </a>
                </Button>
              </Box>
            )}
            <CancelSlip slip={slip} />
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** A delivery address on one line: street, number, complement – district – city/state, CEP. */
function addressLine(a: EnderecoEntregaDados): string {
  const street = [a.end_logradouro, a.end_numero].filter(Boolean).join(', ');
  const first = a.end_complemento ? `${street} ${a.end_complemento}` : street;
  const place = `${a.end_cidade}/${a.end_estado}`;
  return [first, a.end_bairro, place, a.end_cep].filter(Boolean).join(' – ');
}
