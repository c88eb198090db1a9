import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { Notice } from '#src/components/notice.tsx';
import { PrivatePage } from '#src/components/private-page.tsx';
import { OrderCard } from '#src/features/orders/components/order-card.tsx';
import { OrdersFilterBar } from '#src/features/orders/components/orders-filter.tsx';
import { Pager } from '#src/features/orders/components/pager.tsx';
import {
  type OrdersFilter,
  parseOrdersFilter,
  useOrders,
  usePendingCount,
} from '#src/features/orders/hooks/use-orders.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';

/**
 * My orders: paid orders by default (spec §9), or those awaiting payment, cancelled, or all
 * (`?status=paid|pending|cancelled|all`, kept in the URL), five per page (`?page=`), each with
 * its tickets and what can be done with it.
 */
export function MeusPedidosPage() {
  return (
    <PrivatePage title="page.orders.title" loginPrompt="orders.loginPrompt" testId="orders">
      {() => <Orders />}
    </PrivatePage>
  );
}

function Orders() {
  const to = usePathFor();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const filter = parseOrdersFilter(search.get('status'));
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const orders = useOrders(page, filter);
  const pendingCount = usePendingCount(filter === 'paid');
  const data = orders.data;
  // A filter starts at its first page.
  const hrefOf = (f: OrdersFilter) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    if (f === 'paid') next.delete('status');
    else next.set('status', f);
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <>
      <OrdersFilterBar value={filter} hrefOf={hrefOf} />
      {pendingCount ? (
        <Flex
          align="center"
          justify="space-between"
          gap="3"
          wrap="wrap"
          borderWidth="1px"
          borderColor="border.warning"
          bg="bg.warning"
          borderRadius="md"
          p="3"
          data-testid="orders-pending-notice"
        >
          <Text fontSize="sm">
            <FormattedMessage id="orders.pendingNotice" values={{ n: pendingCount }} />
          </Text>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={hrefOf('pending')}>
              <FormattedMessage id="orders.pendingNotice.action" />
            </RouterLink>
          </Button>
        </Flex>
      ) : null}
      {orders.loading && !data ? <LoadingState page /> : null}
      {orders.error ? (
        <ErrorAlert message={<ErrorMessage error={orders.error} />} onRetry={orders.reload} />
      ) : null}
      {data && data.tickets.length === 0 ? (
        <Notice
          testId="orders-empty"
          action={
            <Button asChild>
              <RouterLink to={to('Home')}>
                <FormattedMessage id="checkout.backToEvents" />
              </RouterLink>
            </Button>
          }
        >
          <FormattedMessage id={`orders.empty.${filter}`} />
        </Notice>
      ) : null}
      {data && data.tickets.length > 0 ? (
        <>
          <Stack as="ol" listStyleType="none" gap="4" aria-busy={orders.loading}>
            {data.tickets.map((order) => (
              <li key={order.idmovimentacao}>
                <OrderCard order={order} onChanged={orders.reload} />
              </li>
            ))}
          </Stack>
          <Pager
            page={page}
            totalPages={data.total_pages}
            onPage={(p) => {
              const next = new URLSearchParams(search);
              next.set('page', String(p));
              setSearch(next);
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      ) : null}
    </>
  );
}
