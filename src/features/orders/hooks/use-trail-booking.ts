import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { trailBookingMachine } from '#machines/trail-booking.machine.ts';
import type {
  TrailDayInput,
  TrailDays,
  TrailLoaded,
  TrailSlotInput,
  TrailTicketInput,
} from '#machines/trail-booking.types.ts';
import { ErrorCode, type AgendamentoIngresso } from '#schemas/contract.ts';
import { inspectOptions } from '#src/lib/inspect.ts';
import { postConsultaRioBoi, postDiasCompra, postInsereRioBoi } from '../trail-api';

/** The trail-booking machine with its actors: the three CustomUserApps calls, errors inline. */
function createTrailBookingLogic() {
  return trailBookingMachine.provide({
    actors: {
      loadBooking: fromPromise<TrailLoaded, TrailTicketInput>(async ({ input, signal }) => {
        const { agendamentos } = await postConsultaRioBoi(
          { iditem: input.iditem },
          { display: 'inline', signal },
        );
        const mine = agendamentos.find((a) => a.iditem === input.iditem);
        if (!mine) throw Object.assign(new Error(''), { code: ErrorCode.Generic });
        return mine;
      }),
      fetchDays: fromPromise<TrailDays, TrailTicketInput>(({ input, signal }) =>
        postDiasCompra({ iditem: input.iditem }, { display: 'inline', signal }),
      ),
      fetchTimes: fromPromise<TrailDays, TrailDayInput>(({ input, signal }) =>
        postDiasCompra({ iditem: input.iditem, dia: input.dia }, { display: 'inline', signal }),
      ),
      bookSlot: fromPromise<AgendamentoIngresso, TrailSlotInput>(({ input, signal }) =>
        postInsereRioBoi(input, { display: 'inline', signal }),
      ),
    },
  });
}

/**
 * The slot booking of paid ticket `iditem` (machines/trail-booking.machine.ts): what the view
 * shows, read from the machine's tags and context.
 */
export function useTrailBooking(iditem: number) {
  const [logic] = useState(createTrailBookingLogic);
  const actor = useActorRef(logic, { input: { iditem }, ...inspectOptions() });
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const pickDay = useSelector(actor, (s) => s.hasTag('pickDay'));
  const pickTime = useSelector(actor, (s) => s.hasTag('pickTime'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  // Which step failed: the load, or a step of the picker (from the times or a booking, "another
  // day" is offered as well).
  const failedStep = useSelector(actor, (s) =>
    s.matches('loadFailed')
      ? 'load'
      : s.matches('daysFailed')
        ? 'days'
        : s.matches('timesFailed')
          ? 'times'
          : s.matches('failed')
            ? 'book'
            : null,
  );
  const booking = useSelector(actor, (s) => s.context.booking);
  const dias = useSelector(actor, (s) => s.context.dias);
  const dia = useSelector(actor, (s) => s.context.dia);
  const horarios = useSelector(actor, (s) => s.context.horarios);
  const hora = useSelector(actor, (s) => s.context.hora);
  const justBooked = useSelector(actor, (s) => s.context.justBooked);
  const error = useSelector(actor, (s) => s.context.error);
  return {
    actor,
    loading,
    busy,
    open,
    pickDay,
    pickTime,
    failed,
    failedStep,
    booking,
    dias,
    dia,
    horarios,
    hora,
    justBooked,
    error,
  };
}

export type TrailBookingHandle = ReturnType<typeof useTrailBooking>;
