import { useCallback, useMemo, useReducer } from 'react';
import type { Produto, ReservaProduto, TipoProduto } from '#schemas/contract.ts';

type Quantities = Record<number, number>;

type Action = { type: 'set'; idproduto: number; qtd: number; max: number } | { type: 'reset' };

function reducer(state: Quantities, action: Action): Quantities {
  switch (action.type) {
    case 'set': {
      const qtd = Math.min(Math.max(0, action.qtd), Math.max(0, action.max));
      if ((state[action.idproduto] ?? 0) === qtd) return state;
      return { ...state, [action.idproduto]: qtd };
    }
    case 'reset':
      // Nothing picked yet: the same state, so the page does not render again for nothing.
      return Object.keys(state).length === 0 ? state : {};
  }
}

/** The most units of a product one can pick: its per-reservation block and what is left. */
export function maxQuantity(p: Produto): number {
  return Math.max(0, Math.min(p.block_qtd, p.qtd));
}

/** Quantities picked per product of one session, with the running total. */
export function useQuantities(tipos: TipoProduto[] | undefined) {
  const [quantities, dispatch] = useReducer(reducer, {});
  const products = useMemo(() => (tipos ?? []).flatMap((t) => t.produtos), [tipos]);

  const setQuantity = useCallback((p: Produto, qtd: number) => {
    dispatch({ type: 'set', idproduto: p.idproduto, qtd, max: maxQuantity(p) });
  }, []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  const { total, units, selection } = useMemo(() => {
    let total = 0;
    let units = 0;
    const selection: ReservaProduto[] = [];
    for (const p of products) {
      const qtd = Math.min(quantities[p.idproduto] ?? 0, maxQuantity(p));
      if (qtd > 0) {
        total += qtd * p.preco_ctaxa;
        units += qtd;
        selection.push({ idproduto: p.idproduto, qtd });
      }
    }
    return { total: Math.round(total * 100) / 100, units, selection };
  }, [products, quantities]);

  return { quantities, setQuantity, reset, total, units, selection };
}
