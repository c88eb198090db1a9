import { Badge, Box, Button, chakra, Code, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CarrinhoItem } from '#schemas/contract.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { formatMoney } from '#src/lib/money.ts';
import { WalletLinks } from './ticket-downloads';

// The slot booking of tickets that need one: its own chunk, loaded only for such tickets.
const TrailBooking = lazy(() => import('./trail-booking'));

/**
 * The tickets of an order, grouped under their event and session: type and product, price (as
 * the event page sold it; discounts and interest are OrderTotals' lines),
 * holder, ticket code, and where a ticket stands (cancelled, its cancellation pending, or the
 * last cancellation refused). While the buyer chooses tickets to cancel (`choosing`), each one
 * that may be cancelled has a checkbox.
 */
export function OrderItems({
  itens,
  choosing,
  chosen,
  onToggle,
  onChangeHolder,
}: {
  itens: CarrinhoItem[];
  choosing: boolean;
  chosen: readonly number[];
  onToggle(iditem: number): void;
  /** Opens the holder form of a paid ticket whose holder may still change. */
  onChangeHolder(item: CarrinhoItem): void;
}) {
  const intl = useIntl();
  const sessions = groupBySession(itens);
  return (
    <Stack gap="3">
      {sessions.map((group) => (
        <Box key={group.key} as="section" data-testid="order-session">
          <Text fontWeight="semibold" data-testid="order-event">
            {group.first.dscevento}
          </Text>
          <Text fontSize="sm" color="fg.muted" mb="2" data-testid="order-session-date">
            {formatDateTime(group.first.dthr_apresentacao, intl.locale)}
            {group.first.dscapre ? ` · ${group.first.dscapre}` : ''}
          </Text>
          <Stack
            as="ul"
            listStyleType="none"
            gap="2"
            aria-label={intl.formatMessage({ id: 'order.tickets' })}
          >
            {group.itens.map((item) => (
              <OrderItem
                key={item.iditem}
                item={item}
                selectable={choosing && item.tp_cancel === 'estornar'}
                selected={chosen.includes(item.iditem)}
                onToggle={() => onToggle(item.iditem)}
                onChangeHolder={() => onChangeHolder(item)}
              />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function OrderItem({
  item,
  selectable,
  selected,
  onToggle,
  onChangeHolder,
}: {
  item: CarrinhoItem;
  selectable: boolean;
  selected: boolean;
  onToggle(): void;
  onChangeHolder(): void;
}) {
  const id = useId();
  const cancelled = item.status === 'CA';
  const label = (
    <Text fontSize="sm" textDecoration={cancelled ? 'line-through' : undefined}>
      {item.dsctipo} · {item.dscproduto} · {formatMoney(item.preco)}
    </Text>
  );
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg={selected ? 'red.subtle' : 'bg.subtle'}
      borderColor={selected ? 'red.emphasized' : undefined}
      data-testid="order-item"
      data-iditem={item.iditem}
    >
      <Flex justify="space-between" align="start" gap="2" wrap="wrap">
        {selectable ? (
          <HStack gap="3" align="flex-start">
            <chakra.input
              id={id}
              type="checkbox"
              checked={selected}
              onChange={onToggle}
              boxSize="5"
              mt="0.5"
              flexShrink={0}
              colorPalette="red"
              accentColor="colorPalette.solid"
              cursor="pointer"
              data-testid="order-item-choose"
            />
            <chakra.label htmlFor={id} cursor="pointer">
              {label}
            </chakra.label>
          </HStack>
        ) : (
          label
        )}
        <ItemState item={item} />
      </Flex>
      {item.portador ? (
        <Text fontSize="sm" mt="1" data-testid="order-item-holder">
          <FormattedMessage
            id="order.holder"
            values={{ nome: `${item.portador.nome} ${item.portador.sobrenome}`.trim() }}
          />
        </Text>
      ) : null}
      {item.portador_alteravel ? (
        <Button
          size="xs"
          variant="outline"
          mt="2"
          onClick={onChangeHolder}
          data-testid="order-item-change-holder"
        >
          <FormattedMessage id="orders.changeHolder" />
        </Button>
      ) : null}
      {item.status === 'PA' && item.agendamento !== undefined ? (
        <Suspense fallback={null}>
          <TrailBooking iditem={item.iditem} />
        </Suspense>
      ) : null}
      {item.codigo ? (
        <Text fontSize="sm" mt="1">
          <FormattedMessage id="order.ticketCode" />{' '}
          <Code data-testid="ticket-code">{item.codigo}</Code>
        </Text>
      ) : null}
      {item.codigo && item.status === 'PA' && item.cancelamento !== 'pendente' ? (
        <WalletLinks key={item.codigo} item={item} />
      ) : null}
      {item.cancelamento === 'erro' ? (
        <Text fontSize="sm" mt="1" color="fg.error" data-testid="order-item-cancel-error">
          <FormattedMessage id="error.cancellationFailed" />
        </Text>
      ) : null}
    </Box>
  );
}

/** A ticket's own state, when it is not simply the order's. */
function ItemState({ item }: { item: CarrinhoItem }) {
  if (item.status === 'CA') {
    return (
      <Badge colorPalette="red" variant="subtle" data-testid="order-item-state">
        <FormattedMessage id="order.item.cancelled" />
      </Badge>
    );
  }
  if (item.cancelamento === 'pendente') {
    return (
      <Badge colorPalette="orange" variant="subtle" data-testid="order-item-state">
        <FormattedMessage id="order.item.cancelPending" />
      </Badge>
    );
  }
  return null;
}

interface SessionGroup {
  key: string;
  first: CarrinhoItem;
  itens: CarrinhoItem[];
}

/** The tickets by event and session, in the order they come. */
function groupBySession(itens: CarrinhoItem[]): SessionGroup[] {
  const groups: SessionGroup[] = [];
  for (const item of itens) {
    const key = `${item.idevento}:${item.idapresentacao}`;
    const group = groups.find((g) => g.key === key);
    if (group) group.itens.push(item);
    else groups.push({ key, first: item, itens: [item] });
  }
  return groups;
}
