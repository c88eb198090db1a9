import { useCallback } from 'react';
import type { ReservaLinha } from '../../../../machines/types';
import { useBrand } from '../../../lib/brand-context';
import { useSession } from '../../../lib/session-store';
import { keepLocally } from '../local-cart';
import { useReserve } from './checkout-provider';

export interface CartSelection {
  idapresentacao: number;
  /** The units per product (with the block chosen, for an event with blocks). */
  produtos: ReservaLinha[];
  /** What was chosen, as the page names it (event, session, products): for a guest's report. */
  label: string;
}

/**
 * Where the products went: held on the server (after a login, for a guest), refused, or kept
 * in a guest's local cart (`limited`: some units did not fit its limit per product).
 */
export type AddToCartOutcome = 'held' | 'refused' | 'local' | 'limited';

/**
 * "Add to cart" (spec §4/§6): a logged-in visitor holds the products on the server; a guest
 * keeps them locally when the brand allows (sent as holds after the login, see
 * `useLocalCartHandOver`), otherwise logs in first and the hold follows.
 * `onHeld` runs once the hold is live (the page then goes to checkout).
 */
export function useAddToCart(
  onHeld: () => void,
): (selection: CartSelection) => Promise<AddToCartOutcome> {
  const { loggedIn } = useSession();
  const { carrinhoLocal } = useBrand();
  const reserve = useReserve();

  return useCallback(
    async (selection) => {
      if (!loggedIn && carrinhoLocal) return keepLocally(selection).limited ? 'limited' : 'local';
      // A guest's add waits in the checkout machine while the login runs, then goes on.
      const ok = await reserve(selection.produtos, selection.idapresentacao, !loggedIn);
      if (ok) onHeld();
      return ok ? 'held' : 'refused';
    },
    [loggedIn, carrinhoLocal, reserve, onHeld],
  );
}
