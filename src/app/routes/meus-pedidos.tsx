import { Button, Stack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ErrorAlert, ErrorMessage } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { Notice } from '../../components/notice';
import { PrivatePage } from '../../components/private-page';
import { OrderCard } from '../../features/orders/components/order-card';
import { Pager } from '../../features/orders/components/pager';
import { useOrders } from '../../features/orders/hooks/use-orders';
import { usePathFor } from '../../lib/use-path-for';

/** My orders: paid orders, five per page (spec §9), each with its tickets. */
export function MeusPedidosPage() {
  return (
    <PrivatePage title="page.orders.title" loginPrompt="orders.loginPrompt" testId="orders">
      {() => <Orders />}
    </PrivatePage>
  );
}

function Orders() {
  const to = usePathFor();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const orders = useOrders(page);
  const data = orders.data;
  return (
    <>
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
          <FormattedMessage id="orders.empty" />
        </Notice>
      ) : null}
      {data && data.tickets.length > 0 ? (
        <>
          <Stack as="ol" listStyleType="none" gap="4" aria-busy={orders.loading}>
            {data.tickets.map((order) => (
              <li key={order.idmovimentacao}>
                <OrderCard order={order} />
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
