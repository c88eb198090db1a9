import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ReservaProduto } from '../../../../schemas/contract';
import { inspectOptions } from '../../../lib/inspect';
import { bumpCart } from '../../../lib/ui-stores';
import { reservationLogic } from './reservation-logic';

export type ReservationActor = ActorRefFrom<typeof reservationLogic>;

const ReservationContext = createContext<ReservationActor | null>(null);

/**
 * Owns the cart's hold for the screens that buy (product and checkout): mounted by a layout
 * route around both, so the hold and its countdown survive going from one to the other.
 */
export function ReservationProvider({ children }: { children: ReactNode }) {
  const actorRef = useActorRef(reservationLogic, inspectOptions());

  // Counters elsewhere (the header badge) refetch whenever the hold changes.
  const lastHold = useRef<string>('');
  useEffect(() => {
    const sub = actorRef.subscribe((snapshot) => {
      const key = `${String(snapshot.value)}:${snapshot.context.idmovimentacao ?? ''}`;
      if (key !== lastHold.current) {
        const settled = !snapshot.hasTag('busy');
        lastHold.current = key;
        if (settled) bumpCart();
      }
    });
    return () => sub.unsubscribe();
  }, [actorRef]);

  return <ReservationContext value={actorRef}>{children}</ReservationContext>;
}

export function useReservationActor(): ReservationActor {
  const actor = useContext(ReservationContext);
  if (!actor) throw new Error('useReservationActor outside ReservationProvider');
  return actor;
}

/** What the views read of the hold. */
export function useReservation() {
  const actor = useReservationActor();
  return useSelector(
    actor,
    (s) => ({
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
    }),
    (a, b) =>
      a.held === b.held &&
      a.expired === b.expired &&
      a.failed === b.failed &&
      a.busy === b.busy &&
      a.idle === b.idle &&
      a.empty === b.empty &&
      a.loading === b.loading &&
      a.reserving === b.reserving &&
      a.cancelling === b.cancelling &&
      a.idmovimentacao === b.idmovimentacao &&
      a.error === b.error,
  );
}

/** Seconds left on the hold (changes every second: read it only where it is shown). */
export function useCountExp(): number {
  return useSelector(useReservationActor(), (s) => s.context.countExp);
}

/**
 * Hold products and learn how it went: resolves true once the hold is live without an error,
 * false when the server refused (the error stays in the machine for the view).
 */
export function useReserve(): (
  produtos: ReservaProduto[],
  idapresentacao: number,
) => Promise<boolean> {
  const actor = useReservationActor();
  return useCallback(
    (produtos: ReservaProduto[], idapresentacao: number) =>
      new Promise<boolean>((resolve) => {
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
      }),
    [actor],
  );
}
