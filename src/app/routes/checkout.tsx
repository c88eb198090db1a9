import { Box, Button, Flex, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  memo,
  type ReactNode,
  startTransition,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { EARLY_CART_ATTRIBUTE } from '../../api/early-rpc';
import { isSilentError } from '../../api/error-policy';
import { ErrorAlert, ErrorMessage } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { ModalFrame } from '../../components/modal-frame';
import { Notice } from '../../components/notice';
import { notify } from '../../components/notify';
import { AddToOrderModal } from '../../features/cart/components/add-to-order-modal';
import { CartItems } from '../../features/cart/components/cart-items';
import {
  AwaitingPaymentNote,
  Countdown,
  HoldCountdown,
} from '../../features/cart/components/countdown';
import { CouponSection } from '../../features/cart/components/coupon-section';
import {
  type CheckoutView,
  useCheckout,
  useCheckoutActor,
} from '../../features/cart/hooks/checkout-provider';
import { readLocalCart } from '../../features/cart/local-cart';
import { missingHolders } from '../../features/checkout/hooks/holders';
import { afterNextPaint } from '../../lib/after-paint';
import { useCurrentLocale } from '../../lib/locale';
import { preloadableLazy } from '../../lib/preloadable-lazy';
import { useSession } from '../../lib/session-store';
import { trackCheckout, trackRemoveFromCart } from '../../lib/tracking/track';
import { bumpCart, openLogin } from '../../lib/ui-stores';
import { useHydrated } from '../../lib/use-hydrated';
import { usePathFor } from '../../lib/use-path-for';

/**
 * The sections below the items (holders, delivery, payment): loaded once the items have been
 * painted, so the page's largest paint waits for neither their code nor their drawing.
 */
const loadSections = () => import('../../features/checkout/components/checkout-sections');
const HoldersSection = preloadableLazy(() => loadSections().then((m) => m.HoldersSection));
const DeliverySection = preloadableLazy(() => loadSections().then((m) => m.DeliverySection));
const PaymentSection = preloadableLazy(() => loadSections().then((m) => m.PaymentSection));
const SECTIONS = [HoldersSection, DeliverySection, PaymentSection];

/**
 * The checkout (spec §4): the held items with the countdown, removing items, cancelling the
 * hold, and the card payment. The flow is the checkout machine's (machines/checkout.machine.ts);
 * this page maps its tags to screens and follows its outcome.
 */
export function CheckoutPage() {
  const { loggedIn } = useSession();
  // The server renders the frame; the hold is the visitor's, asked for in the browser: by the
  // page's entry as soon as it runs, which this attribute asks for (src/api/early-rpc.ts).
  if (!useHydrated()) return <LoadingState page {...{ [EARLY_CART_ATTRIBUTE]: '' }} />;
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

/**
 * Tells the machine the checkout is open (it loads the hold and runs the payment), handing it
 * a guest's local cart first when there is one (the person just logged in).
 */
function useCheckoutOpen() {
  const actor = useCheckoutActor();
  useEffect(() => {
    // A local cart (brands with `carrinhoLocal`), or a guest's add kept while the profile was
    // completed (`login.deferred`).
    const local = readLocalCart();
    if (local.length > 0) actor.send({ type: 'cart.handOver', entries: local });
    actor.send({ type: 'checkout.open' });
    return () => actor.sendIfStarted({ type: 'checkout.leave' });
  }, [actor]);

  // Event and product names come in the page's language: a new language reloads the items.
  const locale = useCurrentLocale();
  const shownIn = useRef(locale);
  useEffect(() => {
    if (shownIn.current === locale) return;
    shownIn.current = locale;
    actor.sendIfStarted({ type: 'items.reload' });
  }, [locale, actor]);
}

/** The purchase ended (paid, pending, cancelled): say so and go where the outcome leads. */
function useOutcome(outcome: CheckoutView['outcome']) {
  const intl = useIntl();
  const navigate = useNavigate();
  const to = usePathFor();
  useEffect(() => {
    if (!outcome) return;
    bumpCart();
    if (outcome.kind === 'paid') {
      notify({ type: 'success', description: intl.formatMessage({ id: 'checkout.paid' }) });
      navigate(to('MeusPedidos'));
    } else if (outcome.kind === 'pending') {
      notify({
        type: 'info',
        duration: 10_000,
        description: outcome.message || intl.formatMessage({ id: 'payment.pendingMessage' }),
      });
      // The orders awaiting payment, where this one waits with its slip or Pix code.
      navigate(`${to('MeusPedidos')}?status=pending`);
    } else {
      notify({ type: 'info', description: intl.formatMessage({ id: 'checkout.cancelled' }) });
      navigate(to('Home'));
    }
  }, [outcome, intl, navigate, to]);
}

function Checkout() {
  const v = useCheckout();
  useCheckoutOpen();
  useOutcome(v.outcome);
  // begin_checkout (once per order), and the order its payment's events report.
  useEffect(() => {
    if (v.cart) trackCheckout(v.cart);
  }, [v.cart]);
  // The machine's updates are urgent (an external store), but drawing the whole checkout for
  // them (the items, the holders, the payment form: ~200 ms on a mid-range phone when the hold
  // arrives) need not be one task: the page is drawn from a deferred copy, in slices the
  // browser can interrupt for a tap.
  const shown = useDeferredValue(v);
  return <CheckoutBody v={shown} />;
}

const CheckoutBody = memo(function CheckoutBody({ v }: { v: CheckoutView }) {
  const to = usePathFor();
  const actor = useCheckoutActor();
  // Paying was asked without a delivery address: the delivery section says so.
  const [deliveryAsked, setDeliveryAsked] = useState(false);
  const restShown = useShownAfterPaint(v.cart !== null || v.itemsFailed);

  const heading = (
    <Heading as="h1" size="2xl" fontFamily="heading">
      <FormattedMessage id="page.checkout.title" />
    </Heading>
  );
  const backToEvents = (
    <Button asChild>
      <RouterLink to={to('Home')}>
        <FormattedMessage id="checkout.backToEvents" />
      </RouterLink>
    </Button>
  );

  if (v.expired && !v.expiryConfirmed) {
    // The countdown reached 0; the server's deadline is a moment away.
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

  if (v.expired) {
    return (
      <Stack gap="6">
        {heading}
        <ErrorAlert
          status="warning"
          message={<FormattedMessage id="checkout.expired" />}
          testId="reservation-expired"
        />
        <Box>{backToEvents}</Box>
      </Stack>
    );
  }

  if (v.failed) {
    return (
      <Stack gap="6">
        {heading}
        {/* Always something to do: a silent failure (the unreachable server, whose modal may
            have been closed) still says so here, with Retry. */}
        <ErrorAlert
          message={<ErrorMessage error={v.error} />}
          onRetry={() => actor.send({ type: 'cart.load' })}
          testId="cart-load-error"
        />
        <Box>{backToEvents}</Box>
      </Stack>
    );
  }

  const handOverFailures = v.handOverFailures.length > 0 ? <HandOverFailures view={v} /> : null;

  if (v.empty) {
    return (
      <Stack gap="6">
        {heading}
        {handOverFailures}
        <Notice testId="cart-empty" action={backToEvents}>
          <FormattedMessage id="checkout.empty" />
        </Notice>
      </Stack>
    );
  }

  // The first load of the items keeps the page's placeholder: the page then appears whole
  // instead of growing under the visitor's eyes (no layout shift).
  const cart = v.cart;
  if (!cart && !v.itemsFailed) {
    return (
      <>
        <LoadingState page />
        {/* A guest's local cart arriving while an earlier hold lives: join it or not. */}
        <AddToOrderModal onSeeOrder={() => {}} />
      </>
    );
  }

  const removing = v.removing !== null;
  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'start', sm: 'center' }}
        gap="3"
        direction={{ base: 'column', sm: 'row' }}
      >
        {heading}
        {v.awaitingPayment ? <AwaitingPaymentNote /> : <HoldCountdown />}
      </Flex>
      {handOverFailures}
      {v.earlier ? (
        <ErrorAlert
          status="info"
          testId="earlier-hold"
          message={<FormattedMessage id="checkout.earlierHold" values={{ count: v.earlier.qtd }} />}
        />
      ) : null}
      {v.error && !isSilentError(v.error.code) ? (
        <ErrorAlert message={<ErrorMessage error={v.error} />} testId="checkout-error" />
      ) : null}
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6" alignItems="start">
        <Stack gap="6">
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
                loading={v.cancelling}
                disabled={v.busy || v.confirmCancel || v.awaitingPayment}
                onClick={() => actor.send({ type: 'cart.cancel' })}
                data-testid="cancel-reservation"
              >
                <FormattedMessage id="checkout.cancelReservation" />
              </Button>
            </Flex>
            {v.itemsError ? (
              <ErrorAlert
                message={<ErrorMessage error={v.itemsError} />}
                onRetry={v.itemsFailed ? () => actor.send({ type: 'items.reload' }) : undefined}
                testId="cart-items-error"
              />
            ) : null}
            {cart ? (
              <Stack gap="5">
                <CartItems
                  items={cart.itens}
                  resumo={cart.resumo}
                  removing={v.removing}
                  onRemove={(iditens) => {
                    trackRemoveFromCart(cart.itens.filter((i) => iditens.includes(i.iditem)));
                    actor.send({ type: 'cart.removeItems', iditens });
                  }}
                  disabled={v.busy || v.itemsLoading || v.confirmCancel || v.awaitingPayment}
                />
                <CouponSection
                  resumo={cart.resumo}
                  view={v}
                  disabled={v.busy || v.itemsLoading || v.confirmCancel || v.awaitingPayment}
                  onApply={(cupom) => actor.send({ type: 'coupon.apply', cupom })}
                  onRemove={() => actor.send({ type: 'coupon.remove' })}
                />
              </Stack>
            ) : null}
          </Box>
          {/* Until the rest is drawn, it holds the screen below: the footer stays out of it. */}
          {restShown ? null : <LoadingState page />}
          {cart && restShown ? (
            <HoldersSection
              items={cart.itens}
              disabled={v.busy || v.itemsLoading || v.confirmCancel || removing}
              onChanged={() => actor.send({ type: 'items.reload' })}
            />
          ) : null}
          {cart?.entrega && restShown ? (
            <DeliverySection
              idmovimentacao={cart.movimentacao.idmovimentacao}
              entrega={cart.entrega}
              invalid={deliveryAsked && !cart.entrega.endereco}
              disabled={v.busy || v.itemsLoading || v.confirmCancel || removing}
              onChanged={() => actor.send({ type: 'items.reload' })}
            />
          ) : null}
        </Stack>
        {restShown ? (
          <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
            {v.payment && cart ? (
              <PaymentSection
                payment={v.payment}
                total={cart.resumo.valor}
                locked={removing || v.applyingCoupon || v.itemsLoading}
                holdersMissing={missingHolders(cart.itens).length}
                idmovimentacao={cart.movimentacao.idmovimentacao}
                garantia={cart.garantia}
                deliveryMissing={cart.entrega ? !cart.entrega.endereco : false}
                onDeliveryMissing={() => setDeliveryAsked(true)}
                onCartChanged={() => actor.send({ type: 'items.reload' })}
              />
            ) : (
              <LoadingState minH="24" />
            )}
          </Box>
        ) : null}
      </Grid>
      <ExpiryWarning view={v} />
      <CancelConfirmation
        open={v.confirmCancel || v.cancelling}
        cancelling={v.cancelling}
        count={cart?.resumo.qtd ?? 0}
        onConfirm={() => actor.send({ type: 'cart.cancelConfirmed' })}
        onDismiss={() => actor.send({ type: 'cart.cancelDismissed' })}
      />
    </Stack>
  );
});

/**
 * False until the hold's view (`ready`) has been painted once and the sections below it have
 * loaded, then true (drawn as a transition). The checkout's first paint with the hold shows its
 * items alone: the holders, the delivery and the payment, most of its code and components, come
 * just after, so the items (the page's largest paint) wait for none of them on a slow phone.
 */
function useShownAfterPaint(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return;
    let live = true;
    // Their code too (a failed load is tried again as they render, under the page's boundary).
    const show = () => {
      if (live) startTransition(() => setShown(true));
    };
    void afterNextPaint()
      .then(() => Promise.all(SECTIONS.map((section) => section.preload())))
      .then(show, show);
    return () => {
      live = false;
    };
  }, [ready, shown]);
  return shown;
}

/** Each entry of the local cart the server refused, one by one, with its reason. */
function HandOverFailures({ view }: { view: CheckoutView }) {
  return (
    <Stack gap="2" data-testid="hand-over-failed">
      {view.handOverFailures.map((failure, i) => (
        <ErrorAlert
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown.
          key={i}
          status="warning"
          message={
            <FormattedMessage
              id="checkout.handOverFailed"
              values={{ label: failure.label, message: <ErrorMessage error={failure.error} /> }}
            />
          }
        />
      ))}
    </Stack>
  );
}

/**
 * The hold runs out soon (WCAG 2.2.1 Timing Adjustable): warned at least a minute before, with
 * one action for more time. Closing it keeps the countdown; the time left is in the dialog.
 */
function ExpiryWarning({ view }: { view: CheckoutView }) {
  const actor = useCheckoutActor();
  const canExtend = view.extensionsLeft !== 0;
  return (
    <ModalFrame
      open={view.expiryWarning && !view.confirmCancel}
      alert
      onClose={() => actor.send({ type: 'cart.warningDismissed' })}
      title={<FormattedMessage id="checkout.expiryWarningTitle" />}
      testId="expiry-warning"
      footer={
        <HStack gap="3" justify="flex-end" w="full" wrap="wrap">
          <Button variant="outline" onClick={() => actor.send({ type: 'cart.warningDismissed' })}>
            <FormattedMessage id="common.close" />
          </Button>
          {canExtend ? (
            <Button
              onClick={() => actor.send({ type: 'cart.extend' })}
              loading={view.extending}
              data-testid="extend-hold"
            >
              <FormattedMessage id="checkout.extendHold" />
            </Button>
          ) : null}
        </HStack>
      }
    >
      <Stack gap="4">
        <Text>
          <FormattedMessage
            id={canExtend ? 'checkout.expiryWarningBody' : 'checkout.expiryWarningNoMore'}
          />
        </Text>
        <HoldCountdown />
        {view.extensionError ? (
          <ErrorAlert message={<ErrorMessage error={view.extensionError} />} />
        ) : null}
      </Stack>
    </ModalFrame>
  );
}

/** "Cancel purchase" releases every held ticket: asked before it is done. */
function CancelConfirmation({
  open,
  cancelling,
  count,
  onConfirm,
  onDismiss,
}: {
  open: boolean;
  cancelling: boolean;
  count: number;
  onConfirm(): void;
  onDismiss(): void;
}): ReactNode {
  return (
    <ModalFrame
      open={open}
      onClose={() => {
        if (!cancelling) onDismiss();
      }}
      title={<FormattedMessage id="checkout.cancelConfirmTitle" />}
      testId="cancel-confirmation"
      footer={
        <HStack gap="3" justify="flex-end" w="full" wrap="wrap">
          <Button variant="outline" onClick={onDismiss} disabled={cancelling}>
            <FormattedMessage id="checkout.cancelKeep" />
          </Button>
          <Button
            colorPalette="red"
            onClick={onConfirm}
            loading={cancelling}
            data-testid="cancel-confirm"
          >
            <FormattedMessage id="checkout.cancelConfirm" />
          </Button>
        </HStack>
      }
    >
      <FormattedMessage id="checkout.cancelConfirmBody" values={{ count }} />
    </ModalFrame>
  );
}

const CART_HEADING_ID = 'cart-heading';
