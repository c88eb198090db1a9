import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { cancelSlipMachine } from '#machines/cancel-slip.machine.ts';
import type { CancelSlipInput } from '#machines/types.ts';
import type { CancelarBoletoResult } from '#schemas/contract.ts';
import { rpc } from '#src/api/api.ts';
import { inspectOptions } from '#src/lib/inspect.ts';
import { bumpCart } from '#src/lib/ui-stores.ts';

/** The cancel-slip machine with its one actor: `cancelarBoleto [idmovimentacao]`. */
function createCancelSlipLogic() {
  return cancelSlipMachine.provide({
    actors: {
      cancelSlip: fromPromise<CancelarBoletoResult, CancelSlipInput>(({ input, signal }) =>
        rpc('SuperIngresso', 'cancelarBoleto', [input.idmovimentacao], {
          display: 'inline',
          signal,
        }),
      ),
    },
  });
}

/**
 * Cancelling the bank slip of order `idmovimentacao` (machines/cancel-slip.machine.ts): what
 * the order card shows, read from the machine's tags and context.
 */
export function useCancelSlip(idmovimentacao: number) {
  const [logic] = useState(createCancelSlipLogic);
  const actor = useActorRef(logic, { input: { idmovimentacao }, ...inspectOptions() });
  const confirm = useSelector(actor, (s) => s.hasTag('confirm'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const done = useSelector(actor, (s) => s.hasTag('done'));
  const toCart = useSelector(actor, (s) => s.hasTag('toCart'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const status = useSelector(actor, (s) => s.context.result?.status ?? null);
  // Items back in the cart (or released): the header's cart count is read again.
  useEffect(() => {
    if (done) bumpCart();
  }, [done]);
  return { actor, confirm, busy, done, toCart, failed, error, status };
}

export type CancelSlipHandle = ReturnType<typeof useCancelSlip>;
