import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { initialCheckoutContext } from '#machines/checkout-context.ts';
import { itemsMissing } from '#machines/minimum-purchase.ts';
import type { CheckoutEvent, ReservaLinha } from '#machines/types.ts';
import type { PaymentActor } from '#src/lib/checkout/use-payment.ts';
import { inspecting } from '#src/lib/inspect.ts';
import { useSession } from '#src/lib/session-store.ts';
import { bumpCart, openLogin, useAccountModal, useLoginRequest } from '#src/lib/ui-stores.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import type { createCheckoutLogic } from './checkout-logic';
import { useBuyerMinimum } from './use-buyer-minimum';

export type CheckoutActor = ActorRefFrom<ReturnType<typeof createCheckoutLogic>>;
type CheckoutSnapshot = SnapshotFrom<ReturnType<typeof createCheckoutLogic>>;

/** The checkout machine as the views use it: started the first time something needs it. */
export interface CheckoutHandle {
  /** Sends an event to the machine, starting it first if this page has not needed it yet. */
  send(event: CheckoutEvent): void;
  /** Sends an event only if the machine runs (leaving a screen must not start it). */
  sendIfStarted(event: CheckoutEvent): void;
}

interface CheckoutScope {
  actor: CheckoutActor | null;
  ensure(): Promise<CheckoutActor>;
}

const CheckoutContext = createContext<CheckoutScope | null>(null);

/**
 * Owns the purchase for the screens that buy (product and checkout): mounted by a layout route
 * around both (in every language, so switching language keeps it), so the hold, its countdown
 * and the payment survive going from one to the other. The machine (and XState with it) loads
 * the first time it is needed: an add, the checkout, or the inspector (`?inspect`). An event
 * page that is only looked at does not download it. A machine that ended (paid, cancelled) is
 * replaced by a fresh one the next time it is needed.
 */
export function CheckoutProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const to = usePathFor();
  const deps = useRef({ intl, to });
  deps.current = { intl, to };
  const [actor, setActor] = useState<CheckoutActor | null>(null);
  const pending = useRef<Promise<CheckoutActor> | null>(null);
  const live = useRef<CheckoutActor | null>(null);
  const mounted = useRef(true);

  const ensure = useCallback(() => {
    if (live.current?.getSnapshot().status === 'done') pending.current = null;
    pending.current ??= import('./checkout-logic').then(({ startCheckout }) => {
      const started = startCheckout({
        intl: () => deps.current.intl,
        returnUrl: () => `${window.location.origin}${deps.current.to('MeusPedidos')}`,
      });
      // Counters elsewhere (the header badge) refetch whenever the hold settles on a change:
      // another top-level state, hold or number of items (not each region's step).
      let lastHold = '';
      started.subscribe((snapshot) => {
        const { value, context } = snapshot;
        const top = typeof value === 'string' ? value : Object.keys(value)[0];
        const key = `${top}:${context.idmovimentacao ?? ''}:${context.cart?.resumo.qtd ?? ''}`;
        if (key === lastHold) return;
        lastHold = key;
        if (!snapshot.hasTag('busy')) bumpCart();
      });
      live.current = started;
      if (mounted.current) setActor(started);
      else started.stop();
      return started;
    });
    return pending.current;
  }, []);

  useEffect(() => {
    mounted.current = true;
    if (inspecting()) void ensure();
    return () => {
      // Leaving product and checkout: the machine stops (the server keeps the hold).
      mounted.current = false;
      live.current?.stop();
      live.current = null;
      pending.current = null;
    };
  }, [ensure]);

  // A logout ends the purchase of that person: the machine goes (clearSession forgets the hold
  // this tab made), so a later login is a new visit and meets its held tickets as such.
  const { loggedIn } = useSession();
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    const loggedOut = wasLoggedIn.current && !loggedIn;
    wasLoggedIn.current = loggedIn;
    if (!loggedOut) return;
    live.current?.stop();
    live.current = null;
    pending.current = null;
    setActor(null);
  }, [loggedIn]);

  // The buyer's minimum purchase (an agency's) is the machine's rule; it follows the session.
  const minimum = useBuyerMinimum();
  useEffect(() => {
    actor?.send({ type: 'buyer.minimum', items: minimum });
  }, [actor, minimum]);

  const scope = useMemo(() => ({ actor, ensure }), [actor, ensure]);
  return (
    <CheckoutContext value={scope}>
      <LoginForAdd />
      {children}
    </CheckoutContext>
  );
}

/**
 * A guest's add (or an add of a campaign product by a person without the campaign's card) waits
 * in the machine (`needsLogin`) while the person logs in: the login opens,
 * its success tells the machine to go on, and closing every account modal without a session
 * drops the add. A login that goes on elsewhere (the profile to complete, an identity provider)
 * tells the machine to keep the add for later (`login.deferred`). The login store only carries that signal; the add itself is the machine's.
 */
function LoginForAdd() {
  const { actor } = useScope();
  const needsLogin = useCheckoutSelector((s) => s.hasTag('needsLogin'), Object.is, false);
  const { loggedIn } = useSession();
  const login = useLoginRequest();
  const account = useAccountModal();
  const asked = useRef(false);
  // Asked of a person already logged in (a campaign product needs the campaign's card): then
  // closing the modals without signing in again drops the add as well.
  const again = useRef(false);
  useEffect(() => {
    if (!actor || !needsLogin) {
      asked.current = false;
      return;
    }
    if (!asked.current) {
      asked.current = true;
      again.current = loggedIn;
      openLogin(
        () => actor.send({ type: 'session.started' }),
        undefined,
        // The login goes on on the profile page or at an identity provider: this page (and
        // the machine) will not be here when it ends, so the add is kept in the browser.
        () => actor.send({ type: 'login.deferred' }),
      );
      return;
    }
    if ((!loggedIn || again.current) && !login.open && account.modal === null) {
      actor.send({ type: 'login.dismissed' });
    }
  }, [actor, needsLogin, loggedIn, login.open, account.modal]);
  return null;
}

function useScope(): CheckoutScope {
  const scope = useContext(CheckoutContext);
  if (!scope) throw new Error('checkout hooks outside CheckoutProvider');
  return scope;
}

/** Send to the checkout machine (see {@link CheckoutHandle}). */
export function useCheckoutActor(): CheckoutHandle {
  const { actor, ensure } = useScope();
  return useMemo(
    () => ({
      send: (event) => {
        if (actor && actor.getSnapshot().status !== 'done') actor.send(event);
        else void ensure().then((started) => started.send(event));
      },
      sendIfStarted: (event) => actor?.send(event),
    }),
    [actor, ensure],
  );
}

/**
 * A value derived from the machine's state, re-rendering only when `equal` says it changed;
 * `initial` until the machine starts (its state then is `idle` with an empty context).
 */
function useCheckoutSelector<T>(
  select: (s: CheckoutSnapshot) => T,
  equal: (a: T, b: T) => boolean,
  initial: T,
): T {
  const { actor } = useScope();
  const cache = useRef<{ snapshot: CheckoutSnapshot; value: T } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const sub = actor.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    [actor],
  );
  const read = (): T => {
    if (!actor) return initial;
    const snapshot = actor.getSnapshot();
    const last = cache.current;
    if (last?.snapshot === snapshot) return last.value;
    const next = select(snapshot);
    const value = last && equal(last.value, next) ? last.value : next;
    cache.current = { snapshot, value };
    return value;
  };
  return useSyncExternalStore(subscribe, read, () => initial);
}

type Context = CheckoutSnapshot['context'];

/** What the views read of the purchase: the machine's tags and what its context shows. */
export interface CheckoutView {
  empty: boolean;
  failed: boolean;
  held: boolean;
  busy: boolean;
  itemsLoading: boolean;
  itemsFailed: boolean;
  confirmAdd: boolean;
  confirmCancel: boolean;
  cancelling: boolean;
  expired: boolean;
  expiryConfirmed: boolean;
  /** A slip or Pix code was issued: the order awaits the bank, no countdown runs. */
  awaitingPayment: boolean;
  idmovimentacao: number | null;
  cart: Context['cart'];
  earlier: Context['earlier'];
  removing: Context['removing'];
  /** A coupon is being applied or removed. */
  applyingCoupon: boolean;
  couponRequest: Context['couponRequest'];
  couponError: Context['couponError'];
  outcome: Context['outcome'];
  error: Context['error'];
  itemsError: Context['itemsError'];
  handOverFailures: Context['handOverFailures'];
  /** The hold runs out soon: the warning with its offer of more time (WCAG 2.2.1). */
  expiryWarning: boolean;
  extending: boolean;
  extensionsLeft: Context['extensionsLeft'];
  extensionError: Context['extensionError'];
  /** The payment machine while the checkout shows it. */
  payment: PaymentActor | null;
  /** The open checkout shows its hold on screen (`checkout.shown`). */
  shown: boolean;
  /** The buyer's minimum purchase (an agency's; 0: none) and the items the hold lacks of it. */
  minimumItems: number;
  itemsMissing: number;
}

/** What {@link viewOf} reads of a snapshot: the machine's, or its first state before it loads. */
type ViewSource = Pick<
  CheckoutSnapshot,
  'context' | 'status' | 'output' | 'children' | 'matches' | 'hasTag'
>;

export const viewOf = (s: ViewSource): CheckoutView => ({
  empty: s.matches('empty'),
  failed: s.hasTag('failed'),
  held: s.hasTag('held'),
  busy: s.hasTag('busy'),
  itemsLoading: s.hasTag('itemsLoading'),
  itemsFailed: s.hasTag('itemsFailed'),
  confirmAdd: s.hasTag('confirmAdd'),
  confirmCancel: s.hasTag('confirmCancel'),
  cancelling: s.matches('cancelling'),
  expired: s.hasTag('expired'),
  expiryConfirmed: s.hasTag('expiryConfirmed'),
  awaitingPayment: s.hasTag('awaitingPayment'),
  idmovimentacao: s.context.idmovimentacao,
  cart: s.context.cart,
  earlier: s.context.earlier,
  removing: s.context.removing,
  applyingCoupon: s.hasTag('applyingCoupon'),
  couponRequest: s.context.couponRequest,
  couponError: s.context.couponError,
  outcome: s.status === 'done' ? (s.output ?? null) : null,
  error: s.context.error,
  itemsError: s.context.itemsError,
  handOverFailures: s.context.handOverFailures,
  expiryWarning: s.hasTag('expiryWarning'),
  extending: s.hasTag('extending'),
  extensionsLeft: s.context.extensionsLeft,
  extensionError: s.context.extensionError,
  payment: (s.children.payment as PaymentActor | undefined) ?? null,
  shown: s.context.checkoutShown,
  minimumItems: s.context.minimumItems,
  itemsMissing: itemsMissing(s.context.minimumItems, s.context.cart?.resumo.qtd ?? 0),
});

/**
 * The view before the machine starts: that of its first state (`idle`, no tags, its first
 * context), so a page shows the same whether or not it has loaded the machine yet.
 */
export const NOT_STARTED: CheckoutView = viewOf({
  context: initialCheckoutContext({ attemptNonce: '', heldHere: null }),
  status: 'active',
  output: undefined,
  children: {},
  matches: () => false,
  hasTag: () => false,
});

const sameView = (a: CheckoutView, b: CheckoutView) =>
  (Object.keys(a) as (keyof CheckoutView)[]).every((k) => a[k] === b[k]);

export function useCheckout(): CheckoutView {
  return useCheckoutSelector(viewOf, sameView, NOT_STARTED);
}

const countExpOf = (s: CheckoutSnapshot) => s.context.countExp;

/** Seconds left on the hold (changes every second: read it only where it is shown). */
export function useCountExp(): number {
  return useCheckoutSelector(countExpOf, Object.is, 0);
}

/** The states an add goes through before its answer. */
const ADDING = ['awaitingLogin', 'checking', 'confirmingAdd', 'reserving'] as const;

/**
 * Hold products and learn how it went: resolves true once they are held without an error,
 * false when the server refused, the person chose not to add them to an earlier hold, or
 * closed the login a guest's add waited for (the error, if any, stays in the machine for the
 * view). `afterLogin`: a guest's add, kept by the machine while the login runs.
 */
export function useReserve(): (
  produtos: ReservaLinha[],
  idapresentacao: number,
  afterLogin?: boolean,
  label?: string,
) => Promise<boolean> {
  const { actor, ensure } = useScope();
  return useCallback(
    async (produtos: ReservaLinha[], idapresentacao: number, afterLogin = false, label = '') => {
      const running = actor && actor.getSnapshot().status !== 'done' ? actor : await ensure();
      return new Promise<boolean>((resolve) => {
        let adding = false;
        let sent = false;
        const sub = running.subscribe((s) => {
          if (ADDING.some((state) => s.matches(state))) {
            adding = true;
            if (s.matches('reserving')) sent = true;
            return;
          }
          if (!adding) return;
          sub.unsubscribe();
          resolve(sent && s.hasTag('held') && s.context.error === null);
        });
        running.send(
          afterLogin
            ? { type: 'cart.reserveAfterLogin', produtos, idapresentacao, label }
            : { type: 'cart.reserve', produtos, idapresentacao },
        );
        if (!adding) {
          // The machine was busy and ignored the event.
          sub.unsubscribe();
          resolve(false);
        }
      });
    },
    [actor, ensure],
  );
}
