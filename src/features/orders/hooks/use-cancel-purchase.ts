import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { cancelPurchaseMachine } from '#machines/cancel-purchase.machine.ts';
import type { CancelPurchaseRequest } from '#machines/types.ts';
import type { CancelaCompraResult } from '#schemas/contract.ts';
import { rpc } from '#src/api/api.ts';
import { inspectOptions } from '#src/lib/inspect.ts';

/** The cancel-purchase machine with its one actor: `cancelaCompra [idmovimentacao, itens]`. */
function createCancelPurchaseLogic() {
  return cancelPurchaseMachine.provide({
    actors: {
      cancelPurchase: fromPromise<CancelaCompraResult, CancelPurchaseRequest>(({ input, signal }) =>
        rpc('SuperIngresso', 'cancelaCompra', [input.idmovimentacao, input.itens], {
          display: 'inline',
          signal,
        }),
      ),
    },
  });
}

/**
 * Cancelling paid tickets of order `idmovimentacao` (machines/cancel-purchase.machine.ts): what
 * the order card shows, read from the machine's tags and context. `onRequested` runs once per
 * cancellation asked, and after a refusal (the list is read again: the tickets show where they
 * stand).
 */
export function useCancelPurchase(idmovimentacao: number, onRequested: () => void) {
  const [logic] = useState(createCancelPurchaseLogic);
  const actor = useActorRef(logic, { input: { idmovimentacao }, ...inspectOptions() });
  const choosing = useSelector(actor, (s) => s.hasTag('choose'));
  const confirm = useSelector(actor, (s) => s.hasTag('confirm'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const done = useSelector(actor, (s) => s.hasTag('done'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const error = useSelector(actor, (s) => s.context.error);
  const result = useSelector(actor, (s) => s.context.result);
  // Once per answer, whatever the handler's identity on each render.
  const requested = useRef(onRequested);
  requested.current = onRequested;
  useEffect(() => {
    if (result) requested.current();
  }, [result]);
  // A refusal may have changed the tickets too (a refund refused marks them): read them again.
  useEffect(() => {
    if (failed) requested.current();
  }, [failed]);
  return { actor, choosing, confirm, busy, done, failed, chosen, error, result };
}

export type CancelPurchaseHandle = ReturnType<typeof useCancelPurchase>;
