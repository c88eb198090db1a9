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
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ReservationEvent } from '../../../../machines/types';
import type { ReservaProduto } from '../../../../schemas/contract';
import { inspecting } from '../../../lib/inspect';
import { bumpCart } from '../../../lib/ui-stores';
import type { reservationLogic } from './reservation-logic';

export type ReservationActor = ActorRefFrom<typeof reservationLogic>;
type ReservationSnapshot = SnapshotFrom<typeof reservationLogic>;

/** The hold's machine as the views use it: started the first time something needs it. */
export interface ReservationHandle {
  /** Sends an event to the machine, starting it first if this page has not needed it yet. */
  send(event: ReservationEvent): void;
  /** The machine's state; null before it started (nothing was held from these screens). */
  getSnapshot(): ReservationSnapshot | null;
}

interface ReservationScope {
  actor: ReservationActor | null;
  ensure(): Promise<ReservationActor>;
}

const ReservationContext = createContext<ReservationScope | null>(null);

/**
 * Owns the cart's hold for the screens that buy (product and checkout): mounted by a layout
 * route around both, so the hold and its countdown survive going from one to the other. The
 * machine (and XState with it) loads the first time it is needed: a hold, the checkout asking
 * for the server's cart, or the inspector (`?inspect`). An event page that is only looked at
 * does not download it.
 */
export function ReservationProvider({ children }: { children: ReactNode }) {
  const [actor, setActor] = useState<ReservationActor | null>(null);
  const pending = useRef<Promise<ReservationActor> | null>(null);
  const live = useRef<ReservationActor | null>(null);
  const mounted = useRef(true);

  const ensure = useCallback(() => {
    pending.current ??= import('./reservation-logic').then(({ startReservation }) => {
      const started = startReservation();
      // Counters elsewhere (the header badge) refetch whenever the hold settles on a change.
      let lastHold = '';
      started.subscribe((snapshot) => {
        const key = `${String(snapshot.value)}:${snapshot.context.idmovimentacao ?? ''}`;
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

  const scope = useMemo(() => ({ actor, ensure }), [actor, ensure]);
  return <ReservationContext value={scope}>{children}</ReservationContext>;
}

function useScope(): ReservationScope {
  const scope = useContext(ReservationContext);
  if (!scope) throw new Error('reservation hooks outside ReservationProvider');
  return scope;
}

/** Send to the hold's machine and read its state (see {@link ReservationHandle}). */
export function useReservationActor(): ReservationHandle {
  const { actor, ensure } = useScope();
  return useMemo(
    () => ({
      send: (event) => {
        if (actor) actor.send(event);
        else void ensure().then((started) => started.send(event));
      },
      getSnapshot: () => actor?.getSnapshot() ?? null,
    }),
    [actor, ensure],
  );
}

/**
 * A value derived from the machine's state, re-rendering only when `equal` says it changed;
 * `initial` until the machine starts (its state then is `idle` with an empty context).
 */
function useReservationView<T>(
  select: (s: ReservationSnapshot) => T,
  equal: (a: T, b: T) => boolean,
  initial: T,
): T {
  const { actor } = useScope();
  const cache = useRef<{ snapshot: ReservationSnapshot; value: T } | null>(null);
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

/** What the views read of the hold. */
export interface ReservationView {
  held: boolean;
  expired: boolean;
  failed: boolean;
  busy: boolean;
  idle: boolean;
  empty: boolean;
  loading: boolean;
  reserving: boolean;
  cancelling: boolean;
  idmovimentacao: number | null;
  error: ReservationSnapshot['context']['error'];
}

/** The view before the machine starts: its initial state. */
const NOT_STARTED: ReservationView = {
  held: false,
  expired: false,
  failed: false,
  busy: false,
  idle: true,
  empty: false,
  loading: false,
  reserving: false,
  cancelling: false,
  idmovimentacao: null,
  error: null,
};

const viewOf = (s: ReservationSnapshot): ReservationView => ({
  held: s.hasTag('held'),
  expired: s.hasTag('expired'),
  failed: s.hasTag('failed'),
  busy: s.hasTag('busy'),
  idle: s.matches('idle'),
  empty: s.matches('empty'),
  loading: s.matches('loading'),
  reserving: s.matches('reserving'),
  cancelling: s.matches('cancelling'),
  idmovimentacao: s.context.idmovimentacao,
  error: s.context.error,
});

const sameView = (a: ReservationView, b: ReservationView) =>
  (Object.keys(a) as (keyof ReservationView)[]).every((k) => a[k] === b[k]);

export function useReservation(): ReservationView {
  return useReservationView(viewOf, sameView, NOT_STARTED);
}

const countExpOf = (s: ReservationSnapshot) => s.context.countExp;

/** Seconds left on the hold (changes every second: read it only where it is shown). */
export function useCountExp(): number {
  return useReservationView(countExpOf, Object.is, 0);
}

/**
 * Hold products and learn how it went: resolves true once the hold is live without an error,
 * false when the server refused (the error stays in the machine for the view).
 */
export function useReserve(): (
  produtos: ReservaProduto[],
  idapresentacao: number,
) => Promise<boolean> {
  const { ensure } = useScope();
  return useCallback(
    async (produtos: ReservaProduto[], idapresentacao: number) => {
      const actor = await ensure();
      return new Promise<boolean>((resolve) => {
        let started = false;
        const sub = actor.subscribe((s) => {
          if (s.matches('reserving')) {
            started = true;
            return;
          }
          if (!started) return;
          sub.unsubscribe();
          resolve(s.hasTag('held') && s.context.error === null);
        });
        actor.send({ type: 'cart.reserve', produtos, idapresentacao });
        if (!started && !actor.getSnapshot().matches('reserving')) {
          // The machine was busy and ignored the event.
          sub.unsubscribe();
          resolve(false);
        }
      });
    },
    [ensure],
  );
}
