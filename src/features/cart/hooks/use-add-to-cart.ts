import { useCallback } from 'react';
import type { LocalCartItem, ReservaLinha } from '#machines/types.ts';
import { campaignEligible } from '#schemas/card-campaign.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { useSession } from '#src/lib/session-store.ts';
import { askCardCampaign } from '#src/lib/ui-stores.ts';
import { keepLocally } from '#src/lib/checkout/local-cart.ts';
import { useReserve } from '#src/lib/checkout/checkout-provider.tsx';

export interface CartSelection {
  idapresentacao: number;
  /** The units per product (with the block chosen, for an event with blocks). */
  produtos: ReservaLinha[];
  /** What was chosen, as the page names it (event, session, products): for a guest's report. */
  label: string;
  /** Whether a product chosen is the card-brand campaign's (only its card holders buy it). */
  campanha?: boolean;
  /** The event and session, and the products' names and prices, as shown (a guest's local cart shows them). */
  titulo?: string;
  itens?: LocalCartItem[];
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
  const { loggedIn, pessoa } = useSession();
  const { carrinhoLocal, cardCampaign } = useBrand();
  const reserve = useReserve();

  return useCallback(
    async (selection) => {
      // A campaign product needs the campaign's card first: the login asks for its six digits
      // (a person already logged in signs in again with them), then the add goes on.
      const campaignCard =
        selection.campanha === true && !campaignEligible(cardCampaign, pessoa?.bin, Date.now());
      if (campaignCard) askCardCampaign();
      else if (!loggedIn && carrinhoLocal) {
        return keepLocally(selection).limited ? 'limited' : 'local';
      }
      // A guest's add waits in the checkout machine while the login runs, then goes on.
      const ok = await reserve(
        selection.produtos,
        selection.idapresentacao,
        !loggedIn || campaignCard,
        selection.label,
      );
      if (ok) onHeld();
      return ok ? 'held' : 'refused';
    },
    [loggedIn, pessoa, carrinhoLocal, cardCampaign, reserve, onHeld],
  );
}
