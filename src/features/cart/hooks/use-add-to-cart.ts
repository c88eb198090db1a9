import { useCallback } from 'react';
import type { ReservaProduto } from '../../../../schemas/contract';
import { useBrand } from '../../../lib/brand-context';
import { useSession } from '../../../lib/session-store';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage';
import { bumpCart, openLogin } from '../../../lib/ui-stores';
import { useReserve } from './reservation-provider';

export interface CartSelection {
  idapresentacao: number;
  produtos: ReservaProduto[];
}

/** Where the products went: held on the server, kept locally for later, or waiting on a login. */
export type AddToCartOutcome = 'held' | 'refused' | 'local' | 'login';

/**
 * A guest's local cart (brands with `carrinhoLocal`). Spec §4: after login and a complete
 * profile each entry is sent as a reservation and the visitor goes to checkout; that replay
 * comes with the profile flow, so for now the entries are only kept.
 */
function keepLocally(selection: CartSelection): void {
  const entries = readJson<CartSelection[]>(STORAGE_KEYS.localCart) ?? [];
  writeJson(STORAGE_KEYS.localCart, [...entries, selection]);
  bumpCart();
}

/**
 * "Add to cart" (spec §4/§6): a logged-in visitor holds the products on the server; a guest
 * keeps them locally when the brand allows, otherwise logs in first and the hold follows.
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
      const hold = async (): Promise<AddToCartOutcome> => {
        const ok = await reserve(selection.produtos, selection.idapresentacao);
        if (ok) onHeld();
        return ok ? 'held' : 'refused';
      };
      if (loggedIn) return hold();
      if (carrinhoLocal) {
        keepLocally(selection);
        return 'local';
      }
      openLogin(() => {
        void hold();
      });
      return 'login';
    },
    [loggedIn, carrinhoLocal, reserve, onHeld],
  );
}
