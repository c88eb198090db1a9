import {
  lazy,
  memo,
  type RefObject,
  startTransition,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { EARLY_CART_ATTRIBUTE } from '#src/api/early-rpc.ts';
import { isSilentError } from '#src/api/error-policy.ts';
import { PlainButton } from '#src/components/button-loader.tsx';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { LazyHost } from '#src/components/lazy-host.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { notify } from '#src/components/notify.ts';
import { CartItems } from '#src/features/cart/components/cart-items.tsx';
import { AwaitingPaymentNote, Countdown, HoldCountdown } from '#src/components/countdown.tsx';
import { CouponSection } from '#src/features/cart/components/coupon-section.tsx';
import {
  type CheckoutView,
  useCheckout,
  useCheckoutActor,
} from '#src/lib/checkout/checkout-provider.tsx';
import { readLocalCart } from '#src/lib/checkout/local-cart.ts';
import { missingHolders } from '#src/features/checkout/hooks/holders.ts';
import { useCharge } from '#src/features/checkout/hooks/use-charge.ts';
import { afterPresented } from '#src/lib/after-paint.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { useClassSet } from '#src/lib/class-sets.tsx';
import { useCurrentLocale, withAllTexts } from '#src/lib/locale.ts';
import { preloadableLazy } from '#src/lib/preloadable-lazy.ts';
import { useSession } from '#src/lib/session-store.ts';
import { lazyStyled, useStyleSystemSource, WithStyleSystem } from '#src/lib/style-system.tsx';
import { trackCheckout, trackRemoveFromCart } from '#src/lib/tracking/track.ts';
import { bumpCart, openLogin, useCartVersion, useFirstViewWait } from '#src/lib/ui-stores.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { CHECKOUT_PAGE } from './checkout-looks';

/**
 * The sections below the items (holders, delivery, payment): loaded once the items have been
 * painted, so the page's largest paint waits for neither their code nor their drawing. With
 * every text of the language: the page renders with the first visit's (vite.config.ts).
 */
const loadSections = withAllTexts(
  () => import('#src/features/checkout/components/checkout-sections.ts'),
);
const HoldersSection = preloadableLazy(() => loadSections().then((m) => m.HoldersSection));
const DeliverySection = preloadableLazy(() => loadSections().then((m) => m.DeliverySection));
const PaymentSection = preloadableLazy(() => loadSections().then((m) => m.PaymentSection));
const SECTIONS = [HoldersSection, DeliverySection, PaymentSection];
// The notice of an empty checkout or of a visitor to log in (Chakra's EmptyState): its code and
// the style system load when it shows, the page's placeholder meanwhile.
const Notice = lazyStyled(
  () => import('#src/components/notice.tsx').then((m) => m.Notice),
  <LoadingState page />,
);
// A guest's local cart, with the style system, when a guest has one.
const GuestCart = lazyStyled(
  () => import('#src/features/cart/components/guest-cart.tsx').then((m) => m.GuestCart),
  <LoadingState page />,
);
// Its dialogs, from the same file, rendered once wanted (LazyHost): a guest's local cart joining
// an earlier hold, the hold's expiry, cancelling.
const AddToOrderModal = lazy(() => loadSections().then((m) => ({ default: m.AddToOrderModal })));
const ExpiryWarning = lazy(() => loadSections().then((m) => ({ default: m.ExpiryWarning })));
const CancelConfirmation = lazy(() =>
  loadSections().then((m) => ({ default: m.CancelConfirmation })),
);

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
  if (!loggedIn) return <GuestCheckout />;
  return <Checkout />;
}

/** A guest: the local cart (brands with `carrinhoLocal`) to see and change, else the login. */
function GuestCheckout() {
  const { carrinhoLocal } = useBrand();
  useCartVersion();
  if (carrinhoLocal && readLocalCart().length > 0) return <GuestCart />;
  return <LoginPrompt />;
}

function LoginPrompt() {
  const classes = useClassSet(CHECKOUT_PAGE);
  return (
    <Notice
      title={<FormattedMessage id="page.checkout.title" />}
      action={
        <button
          type="button"
          className={`chakra-button ${classes.back}`}
          onClick={() => openLogin()}
          data-testid="checkout-login"
        >
          <FormattedMessage id="header.login" />
        </button>
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
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  const restShown = useShownAfterPaint(v.cart !== null || v.itemsFailed, itemsHeading);
  // Until its hold is on screen, unless it shows something else (no hold, a failure), the first
  // page is not ready: the cookie banner and the header's count wait for the items too.
  useFirstViewWait(!v.shown && !(v.empty || v.failed || v.expired));
  const classes = useClassSet(CHECKOUT_PAGE);
  // What the payment charges (the instalments' interest): the summary's total is the button's.
  const charge = useCharge(v.payment, v.cart?.resumo.valor ?? 0);

  const heading = (
    <h1 className={`chakra-heading ${classes.title}`}>
      <FormattedMessage id="page.checkout.title" />
    </h1>
  );
  const backToEvents = (
    <RouterLink to={to('Home')} className={`chakra-button ${classes.back}`}>
      <FormattedMessage id="checkout.backToEvents" />
    </RouterLink>
  );

  if (v.expired && !v.expiryConfirmed) {
    // The countdown reached 0; the server's deadline is a moment away.
    return (
      <div className={`chakra-stack ${classes.page}`}>
        <div className={classes.expiredTop}>
          {heading}
          <Countdown seconds={0} />
        </div>
        <LoadingState minH="24" />
      </div>
    );
  }

  if (v.expired) {
    return (
      <div className={`chakra-stack ${classes.page}`}>
        {heading}
        <ErrorAlert
          status="warning"
          message={<FormattedMessage id="checkout.expired" />}
          testId="reservation-expired"
        />
        <div>{backToEvents}</div>
      </div>
    );
  }

  if (v.failed) {
    return (
      <div className={`chakra-stack ${classes.page}`}>
        {heading}
        {/* Always something to do: a silent failure (the unreachable server, whose modal may
            have been closed) still says so here, with Retry. */}
        <ErrorAlert
          message={<ErrorMessage error={v.error} />}
          onRetry={() => actor.send({ type: 'cart.load' })}
          testId="cart-load-error"
        />
        <div>{backToEvents}</div>
      </div>
    );
  }

  const handOverFailures =
    v.handOverFailures.length > 0 ? (
      <HandOverFailures view={v} className={classes.notices} />
    ) : null;

  if (v.empty) {
    return (
      <div className={`chakra-stack ${classes.page}`}>
        {heading}
        {handOverFailures}
        <Notice testId="cart-empty" action={backToEvents}>
          <FormattedMessage id="checkout.empty" />
        </Notice>
      </div>
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
        <LazyHost on={v.confirmAdd}>
          <AddToOrderModal onSeeOrder={() => {}} />
        </LazyHost>
      </>
    );
  }

  const removing = v.removing !== null;
  return (
    <div className={`chakra-stack ${classes.page}`}>
      <div className={classes.top}>
        {heading}
        {v.awaitingPayment ? <AwaitingPaymentNote /> : <HoldCountdown />}
      </div>
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
      <div className={classes.grid}>
        <div className={`chakra-stack ${classes.column}`}>
          <section className={classes.box} aria-labelledby={CART_HEADING_ID}>
            <div className={classes.boxTop}>
              <h2
                id={CART_HEADING_ID}
                className={`chakra-heading ${classes.boxTitle}`}
                ref={itemsHeading}
                // Element Timing: told when it is on screen (useShownAfterPaint).
                {...{ elementtiming: CART_HEADING_ID }}
              >
                <FormattedMessage id="checkout.yourTickets" />
              </h2>
              <PlainButton
                className={classes.cancel}
                loaderClasses={classes}
                loading={v.cancelling}
                disabled={v.busy || v.confirmCancel || v.awaitingPayment}
                onClick={() => actor.send({ type: 'cart.cancel' })}
                data-testid="cancel-reservation"
              >
                <FormattedMessage id="checkout.cancelReservation" />
              </PlainButton>
            </div>
            {v.itemsError ? (
              <ErrorAlert
                message={<ErrorMessage error={v.itemsError} />}
                onRetry={v.itemsFailed ? () => actor.send({ type: 'items.reload' }) : undefined}
                testId="cart-items-error"
              />
            ) : null}
            {cart ? (
              <div className={`chakra-stack ${classes.items}`}>
                <CartItems
                  items={cart.itens}
                  resumo={cart.resumo}
                  charge={charge}
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
              </div>
            ) : null}
          </section>
          {/* Until the rest is drawn, it holds the screen below: the footer stays out of it. */}
          {restShown ? null : <LoadingState page />}
          {restShown ? (
            <WithStyleSystem>
              {cart ? (
                <HoldersSection
                  items={cart.itens}
                  disabled={v.busy || v.itemsLoading || v.confirmCancel || removing}
                  onChanged={() => actor.send({ type: 'items.reload' })}
                />
              ) : null}
              {cart?.entrega ? (
                <DeliverySection
                  idmovimentacao={cart.movimentacao.idmovimentacao}
                  entrega={cart.entrega}
                  invalid={deliveryAsked && !cart.entrega.endereco}
                  disabled={v.busy || v.itemsLoading || v.confirmCancel || removing}
                  onChanged={() => actor.send({ type: 'items.reload' })}
                />
              ) : null}
            </WithStyleSystem>
          ) : null}
        </div>
        {restShown ? (
          <div className={classes.box}>
            {v.payment && cart ? (
              <WithStyleSystem>
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
                  minimumItems={v.minimumItems}
                  itemsMissing={v.itemsMissing}
                />
              </WithStyleSystem>
            ) : (
              <LoadingState minH="24" />
            )}
          </div>
        ) : null}
      </div>
      <LazyHost on={v.expiryWarning && !v.confirmCancel}>
        <ExpiryWarning view={v} />
      </LazyHost>
      <LazyHost on={v.confirmCancel || v.cancelling}>
        <CancelConfirmation
          open={v.confirmCancel || v.cancelling}
          cancelling={v.cancelling}
          count={cart?.resumo.qtd ?? 0}
          onConfirm={() => actor.send({ type: 'cart.cancelConfirmed' })}
          onDismiss={() => actor.send({ type: 'cart.cancelDismissed' })}
        />
      </LazyHost>
    </div>
  );
});

/**
 * False until the hold's view (`ready`) has been painted once and the sections below it have
 * loaded, then true (drawn as a transition). The checkout's first paint with the hold shows its
 * items alone: the holders, the delivery and the payment, most of its code and components, come
 * just after, so the items (the page's largest paint) wait for none of them on a slow phone.
 * Once the items' heading (`shownWith`) is on screen, the machine is told (`checkout.shown`):
 * the payment starts then, its gateway's answer and script loading beside the sections' code
 * instead of before the items are seen.
 */
function useShownAfterPaint(ready: boolean, shownWith: RefObject<Element | null>): boolean {
  const [shown, setShown] = useState(false);
  const styleSystem = useStyleSystemSource();
  const actor = useCheckoutActor();
  useEffect(() => {
    if (!ready || shown) return;
    let live = true;
    // Their code and the style system too (a failed load is tried again as they render, under
    // the page's boundary).
    const show = () => {
      if (live) startTransition(() => setShown(true));
    };
    void afterPresented(shownWith.current)
      .then(() => {
        if (live) actor.send({ type: 'checkout.shown' });
        return Promise.all([
          ...SECTIONS.map((section) => section.preload()),
          Promise.resolve(styleSystem),
        ]);
      })
      .then(show, show);
    return () => {
      live = false;
    };
  }, [ready, shown, styleSystem, actor, shownWith]);
  return shown;
}

/** Each entry of the local cart the server refused, one by one, with its reason. */
function HandOverFailures({ view, className }: { view: CheckoutView; className: string }) {
  return (
    <div className={`chakra-stack ${className}`} data-testid="hand-over-failed">
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
    </div>
  );
}

const CART_HEADING_ID = 'cart-heading';
