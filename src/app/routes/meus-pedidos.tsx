import { Button, Heading, Stack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ErrorAlert, ErrorMessage } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { Notice } from '../../components/notice';
import { OrderCard } from '../../features/orders/components/order-card';
import { Pager } from '../../features/orders/components/pager';
import { useOrders } from '../../features/orders/hooks/use-orders';
import { useSession } from '../../lib/session-store';
import { openLogin } from '../../lib/ui-stores';
import { useHydrated } from '../../lib/use-hydrated';
import { usePathFor } from '../../lib/use-path-for';

/** My orders: paid orders, five per page (spec §9), each with its tickets. */
export function MeusPedidosPage() {
  const { loggedIn } = useSession();
  const hydrated = useHydrated();
  const to = usePathFor();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const orders = useOrders(page);

  const heading = (
    <Heading as="h1" size="2xl" fontFamily="heading">
      <FormattedMessage id="page.orders.title" />
    </Heading>
  );

  // The server renders the frame; the orders are the visitor's, asked for in the browser.
  if (!hydrated) {
    return (
      <Stack gap="6">
        {heading}
        <LoadingState page />
      </Stack>
    );
  }
  if (!loggedIn) {
    return (
      <Stack gap="6">
        {heading}
        <Notice
          testId="orders-login"
          action={
            <Button onClick={() => openLogin()}>
              <FormattedMessage id="header.login" />
            </Button>
          }
        >
          <FormattedMessage id="orders.loginPrompt" />
        </Notice>
      </Stack>
    );
  }

  const data = orders.data;
  return (
    <Stack gap="6">
      {heading}
      {orders.loading && !data ? <LoadingState page /> : null}
      {orders.error ? (
        <ErrorAlert
          message={<ErrorMessage message={orders.error.message} />}
          onRetry={orders.reload}
        />
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
    </Stack>
  );
}
