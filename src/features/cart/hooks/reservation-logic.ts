import { createActor, fromCallback, fromPromise } from 'xstate';
import { reservationMachine } from '../../../../machines/reservation.machine';
import type { CancelReservationInput, StartReservationInput } from '../../../../machines/types';
import type { CancelarReservaResult, IniciarReservaResult } from '../../../../schemas/contract';
import { rpc } from '../../../api/api';
import { inspectOptions } from '../../../lib/inspect';

/**
 * Sends one `clock.tick` per elapsed second of wall time. Background tabs throttle timers, so
 * each beat catches up on the seconds that really passed instead of drifting behind the server.
 */
const ticker = fromCallback(({ sendBack }) => {
  let last = Date.now();
  const id = setInterval(() => {
    const now = Date.now();
    const seconds = Math.floor((now - last) / 1000);
    if (seconds <= 0) return;
    last += seconds * 1000;
    for (let i = 0; i < seconds; i++) sendBack({ type: 'clock.tick' });
  }, 1000);
  return () => clearInterval(id);
});

/**
 * The reservation machine with the shop's actors. Errors are shown by the views next to the
 * cart (`inline`); the error policy still runs its side effects (session expired…).
 */
export const reservationLogic = reservationMachine.provide({
  actors: {
    loadCart: fromPromise(() => rpc('SuperIngresso', 'getCarrinhoPage', [], { display: 'inline' })),
    startReservation: fromPromise<IniciarReservaResult, StartReservationInput>(({ input }) =>
      rpc('SuperIngresso', 'iniciarReserva', [input.produtos, input.idapresentacao, []], {
        display: 'inline',
      }),
    ),
    cancelReservation: fromPromise<CancelarReservaResult, CancelReservationInput>(({ input }) =>
      rpc('SuperIngresso', 'cancelarReserva', [input.idmovimentacao, null, false, false], {
        display: 'inline',
      }),
    ),
    ticker,
  },
});

/** A running hold machine (with the inspector when `?inspect` is on). */
export function startReservation() {
  return createActor(reservationLogic, inspectOptions()).start();
}
