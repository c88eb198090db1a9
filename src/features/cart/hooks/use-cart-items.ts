import { useCallback, useEffect, useState } from 'react';
import type { ApiErrorBody, GetCarrinhoPageItensResult } from '../../../../schemas/contract';
import { rpc } from '../../../api/api';
import { toErrorBody } from '../../../api/api-error';
import { useCurrentLocale } from '../../../lib/locale';
import { useAsync } from '../../../lib/use-async';
import { useReservationActor } from './reservation-provider';

/**
 * The held cart's items and totals. Each load re-syncs the machine's countdown with the
 * server's `count_exp` (the server is the clock).
 */
export function useCartItems(idmovimentacao: number | null) {
  const actor = useReservationActor();
  const locale = useCurrentLocale();
  const state = useAsync<GetCarrinhoPageItensResult>(
    idmovimentacao !== null
      ? () =>
          rpc('SuperIngresso', 'getCarrinhoPageItens', [idmovimentacao, null, { api: true }], {
            display: 'inline',
          })
      : null,
    [idmovimentacao, locale],
  );

  useEffect(() => {
    const mov = state.data?.movimentacao;
    if (!mov) return;
    actor.send({
      type: 'cart.synced',
      idmovimentacao: mov.idmovimentacao,
      countExp: mov.count_exp,
    });
  }, [state.data, actor]);

  return state;
}

/** Removing items from the hold; an emptied hold clears the cart. */
export function useRemoveItems(idmovimentacao: number | null, onChanged: () => void) {
  const actor = useReservationActor();
  const [removing, setRemoving] = useState<number[] | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);

  const remove = useCallback(
    async (iditens: number[]) => {
      if (idmovimentacao === null) return;
      setRemoving(iditens);
      setError(null);
      try {
        const open = await rpc(
          'SuperIngresso',
          'removeProdutoCarrinho',
          [idmovimentacao, iditens, false, false],
          { display: 'inline' },
        );
        if (open === null || open.count_exp <= 0 || open.qtd === 0) {
          actor.send({ type: 'cart.cleared' });
        } else {
          actor.send({
            type: 'cart.synced',
            idmovimentacao: open.idmovimentacao,
            countExp: open.count_exp,
          });
          onChanged();
        }
      } catch (e) {
        setError(toErrorBody(e));
      } finally {
        setRemoving(null);
      }
    },
    [idmovimentacao, actor, onChanged],
  );

  return { remove, removing, error };
}
