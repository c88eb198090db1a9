import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorAlert, ErrorMessage } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { OrderCard } from '../../features/orders/components/order-card';
import { Pager } from '../../features/orders/components/pager';
import { useOrders } from '../../features/orders/hooks/use-orders';
import { useSession } from '../../lib/session-store';
import { openLogin } from '../../lib/ui-stores';
import { usePathFor } from '../../lib/use-path-for';

/** My orders: paid orders, five per page (spec §9), each with its tickets. */
export function MeusPedidosPage() {
  const { loggedIn } = useSession();
  const to = usePathFor();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const orders = useOrders(page);

  const heading = (
    <Heading as="h1" size="2xl" fontFamily="heading">
      <FormattedMessage id="page.orders.title" />
    </Heading>
  );

  if (!loggedIn) {
    return (
      <Stack gap="6">
        {heading}
        <Stack
          bg="bg"
          borderWidth="1px"
          borderRadius="xl"
          p="8"
          gap="4"
          align="center"
          textAlign="center"
          data-testid="orders-login"
        >
          <Text>
            <FormattedMessage id="orders.loginPrompt" />
          </Text>
          <Button onClick={() => openLogin()}>
            <FormattedMessage id="header.login" />
          </Button>
        </Stack>
      </Stack>
    );
  }

  const data = orders.data;
  return (
    <Stack gap="6">
      {heading}
      {orders.loading && !data ? <LoadingState /> : null}
      {orders.error ? (
        <ErrorAlert
          message={<ErrorMessage message={orders.error.message} />}
          onRetry={orders.reload}
        />
      ) : null}
      {data && data.tickets.length === 0 ? (
        <Stack
          bg="bg"
          borderWidth="1px"
          borderRadius="xl"
          p="8"
          gap="4"
          align="center"
          textAlign="center"
          data-testid="orders-empty"
        >
          <Text>
            <FormattedMessage id="orders.empty" />
          </Text>
          <Button asChild>
            <RouterLink to={to('Home')}>
              <FormattedMessage id="checkout.backToEvents" />
            </RouterLink>
          </Button>
        </Stack>
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
