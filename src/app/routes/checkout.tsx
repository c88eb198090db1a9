import { Box, Button, Flex, Grid, Heading, Stack } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isSilentError } from '../../api/error-policy';
import { ErrorAlert, ErrorMessage } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { Notice } from '../../components/notice';
import { notify } from '../../components/notify';
import { CartItems } from '../../features/cart/components/cart-items';
import { Countdown, HoldCountdown } from '../../features/cart/components/countdown';
import {
  useReservation,
  useReservationActor,
} from '../../features/cart/hooks/reservation-provider';
import { useCartItems, useRemoveItems } from '../../features/cart/hooks/use-cart-items';
import { PaymentSection } from '../../features/checkout/components/payment-section';
import { useSession } from '../../lib/session-store';
import { bumpCart, clearLocalCart, openLogin } from '../../lib/ui-stores';
import { useHydrated } from '../../lib/use-hydrated';
import { usePathFor } from '../../lib/use-path-for';

/** How far ahead of the server's deadline our countdown may run (see the expiry effect). */
const EXPIRY_GRACE_MS = 2500;

/**
 * The checkout (spec §4): the held items with the countdown, removing items, cancelling the
 * hold, and the card payment. The hold is the reservation machine's; the payment is the
 * payment machine's, started once a hold is known.
 */
export function CheckoutPage() {
  const { loggedIn } = useSession();
  // The server renders the frame; the hold is the visitor's, asked for in the browser.
  if (!useHydrated()) return <LoadingState page />;
  if (!loggedIn) return <LoginPrompt />;
  return <Checkout />;
}

function LoginPrompt() {
  return (
    <Notice
      title={<FormattedMessage id="page.checkout.title" />}
      action={
        <Button onClick={() => openLogin()} data-testid="checkout-login">
          <FormattedMessage id="header.login" />
        </Button>
      }
    >
      <FormattedMessage id="checkout.loginPrompt" />
    </Notice>
  );
}

function Checkout() {
  const intl = useIntl();
  const navigate = useNavigate();
  const to = usePathFor();
  const actor = useReservationActor();
  const r = useReservation();

  // Coming from the product page the hold is known; otherwise ask the server for it.
  useEffect(() => {
    const s = actor.getSnapshot();
    if (!s || s.matches('idle') || s.matches('empty') || s.matches('failed'))
      actor.send({ type: 'cart.load' });
  }, [actor]);

  const items = useCartItems(r.held ? r.idmovimentacao : null);
  const { reload } = items;
  const removal = useRemoveItems(r.idmovimentacao, reload);

  // The hold ran out. The server floors `count_exp`, so our countdown can reach zero up to
  // EXPIRY_GRACE_MS before the server's deadline: the expiry is announced (and the cart
  // forgotten) only once the server has released the tickets too.
  const [expiryConfirmed, setExpiryConfirmed] = useState(false);
  useEffect(() => {
    if (!r.expired) {
      setExpiryConfirmed(false);
      return;
    }
    const timer = setTimeout(() => {
      setExpiryConfirmed(true);
      clearLocalCart();
    }, EXPIRY_GRACE_MS);
    return () => clearTimeout(timer);
  }, [r.expired]);

  // Cancelled from the cart list: back home.
  const cancelRequested = useRef(false);
  useEffect(() => {
    if (cancelRequested.current && r.empty) {
      cancelRequested.current = false;
      notify({
        type: 'info',
        description: intl.formatMessage({ id: 'checkout.cancelled' }),
      });
      navigate(to('Home'));
    }
  }, [r.empty, intl, navigate, to]);

  const onSucceeded = useCallback(() => {
    actor.send({ type: 'cart.cleared' });
    bumpCart();
    notify({ type: 'success', description: intl.formatMessage({ id: 'checkout.paid' }) });
    navigate(to('MeusPedidos'));
  }, [actor, intl, navigate, to]);

  const onPending = useCallback(
    (message: string) => {
      actor.send({ type: 'cart.cleared' });
      bumpCart();
      notify({
        type: 'info',
        duration: 10_000,
        description: message || intl.formatMessage({ id: 'payment.pendingMessage' }),
      });
      navigate(to('MeusPedidos'));
    },
    [actor, intl, navigate, to],
  );

  const onClosed = useCallback(() => {
    actor.send({ type: 'cart.cleared' });
    bumpCart();
    notify({ type: 'info', description: intl.formatMessage({ id: 'checkout.cancelled' }) });
    navigate(to('Home'));
  }, [actor, intl, navigate, to]);

  const returnUrl = useCallback(() => `${window.location.origin}${to('MeusPedidos')}`, [to]);

  const heading = (
    <Heading as="h1" size="2xl" fontFamily="heading">
      <FormattedMessage id="page.checkout.title" />
    </Heading>
  );

  if (r.expired && !expiryConfirmed) {
    return (
      <Stack gap="6">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          {heading}
          <Countdown seconds={0} />
        </Flex>
        <LoadingState minH="24" />
      </Stack>
    );
  }

  if (r.expired) {
    return (
      <Stack gap="6">
        {heading}
        <ErrorAlert
          status="warning"
          message={<FormattedMessage id="checkout.expired" />}
          testId="reservation-expired"
        />
        <Box>
          <Button asChild>
            <RouterLink to={to('Home')}>
              <FormattedMessage id="checkout.backToEvents" />
            </RouterLink>
          </Button>
        </Box>
      </Stack>
    );
  }

  if (r.loading || (r.idle && !r.error)) return <LoadingState page />;

  if (r.failed) {
    return (
      <Stack gap="6">
        {heading}
        {/* Always something to do: a silent failure (the unreachable server, whose modal may
            have been closed) still says so here, with Retry. */}
        <ErrorAlert
          message={<ErrorMessage error={r.error} />}
          onRetry={() => actor.send({ type: 'cart.load' })}
          testId="cart-load-error"
        />
      </Stack>
    );
  }

  if (r.empty || r.idmovimentacao === null) {
    return (
      <Stack gap="6">
        {heading}
        <Notice
          testId="cart-empty"
          action={
            <Button asChild>
              <RouterLink to={to('Home')}>
                <FormattedMessage id="checkout.backToEvents" />
              </RouterLink>
            </Button>
          }
        >
          <FormattedMessage id="checkout.empty" />
        </Notice>
      </Stack>
    );
  }

  const data = items.data;
  // The first load of the items keeps the page's placeholder: the page then appears whole
  // instead of growing under the visitor's eyes (no layout shift).
  if (items.loading && !data) return <LoadingState page />;
  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'start', sm: 'center' }}
        gap="3"
        direction={{ base: 'column', sm: 'row' }}
      >
        {heading}
        <HoldCountdown />
      </Flex>
      {r.error && !isSilentError(r.error.code) ? (
        <ErrorAlert message={<ErrorMessage error={r.error} />} />
      ) : null}
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6" alignItems="start">
        <Box
          as="section"
          bg="bg"
          borderWidth="1px"
          borderRadius="xl"
          p={{ base: '4', md: '6' }}
          aria-labelledby={CART_HEADING_ID}
        >
          <Flex justify="space-between" align="center" mb="4" gap="2">
            <Heading as="h2" size="lg" id={CART_HEADING_ID} fontFamily="heading">
              <FormattedMessage id="checkout.yourTickets" />
            </Heading>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              loading={r.cancelling}
              disabled={r.busy}
              onClick={() => {
                cancelRequested.current = true;
                actor.send({ type: 'cart.cancel' });
              }}
              data-testid="cancel-reservation"
            >
              <FormattedMessage id="checkout.cancelReservation" />
            </Button>
          </Flex>
          {items.error ? (
            <ErrorAlert message={<ErrorMessage error={items.error} />} onRetry={items.reload} />
          ) : null}
          {removal.error ? <ErrorAlert message={<ErrorMessage error={removal.error} />} /> : null}
          {data ? (
            <CartItems
              items={data.itens}
              resumo={data.resumo}
              removing={removal.removing}
              onRemove={removal.remove}
              disabled={r.busy}
            />
          ) : null}
        </Box>
        <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
          {data ? (
            <PaymentSection
              key={r.idmovimentacao}
              idmovimentacao={r.idmovimentacao}
              total={data.resumo.valor}
              returnUrl={returnUrl}
              onSucceeded={onSucceeded}
              onPending={onPending}
              onClosed={onClosed}
            />
          ) : (
            <LoadingState minH="24" />
          )}
        </Box>
      </Grid>
    </Stack>
  );
}

const CART_HEADING_ID = 'cart-heading';
