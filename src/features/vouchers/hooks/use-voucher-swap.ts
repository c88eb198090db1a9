import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { SwapVoucherInput } from '#machines/types.ts';
import { voucherSwapMachine } from '#machines/voucher-swap.machine.ts';
import type { IniciarTrocaVoucherResult } from '#schemas/contract.ts';
import { cleanVoucher } from '#schemas/formats/voucher.ts';
import { rpc } from '#src/api/api.ts';
import { inspectOptions } from '#src/lib/inspect.ts';
import { useSession } from '#src/lib/session-store.ts';

/**
 * The voucher-swap machine with its one actor: `iniciarTrocaVoucher [localizador, idpessoa,
 * idapresentacao?]`, the person read when the call is made (the page shows only with a session).
 */
function createVoucherSwapLogic(idpessoa: () => number) {
  return voucherSwapMachine.provide({
    actors: {
      swapVoucher: fromPromise<IniciarTrocaVoucherResult, SwapVoucherInput>(({ input, signal }) =>
        rpc(
          'SuperIngresso',
          'iniciarTrocaVoucher',
          input.idapresentacao === null
            ? [input.localizador, idpessoa()]
            : [input.localizador, idpessoa(), input.idapresentacao],
          { display: 'inline', signal },
        ),
      ),
    },
  });
}

/**
 * The Voucher page's flow (machines/voucher-swap.machine.ts): what the page shows, read from the
 * machine's tags and context, and the events it sends.
 */
export function useVoucherSwap() {
  const { pessoa } = useSession();
  const personId = pessoa?.idpessoa ?? 0;
  const personIdRef = useRef(personId);
  personIdRef.current = personId;
  const [logic] = useState(() => createVoucherSwapLogic(() => personIdRef.current));
  const actor = useActorRef(logic, inspectOptions());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const choosing = useSelector(actor, (s) => s.hasTag('choose'));
  const done = useSelector(actor, (s) => s.hasTag('done'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const context = useSelector(actor, (s) => s.context);
  return {
    busy,
    choosing,
    done,
    failed,
    voucher: context.voucher,
    apresentacoes: context.apresentacoes,
    result: context.result,
    error: context.error,
    submit: (localizador: string) =>
      actor.send({ type: 'voucher.submitted', localizador: cleanVoucher(localizador) }),
    choose: (idapresentacao: number) =>
      actor.send({ type: 'voucher.sessionChosen', idapresentacao }),
    reset: () => actor.send({ type: 'voucher.reset' }),
  };
}
