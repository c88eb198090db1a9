import { api } from '#src/api/api.ts';
import { getToken } from '#src/lib/session-store.ts';
import { cartItemsParams } from '#src/api/cart-params.ts';

/**
 * A first visit to the checkout asks for the person's cart and then its items while the page's
 * code loads, instead of after it has run (the checkout machine's `loadCart` and `loadItems`
 * take these answers: src/api/client.ts `prefetchRpc`), and loads that machine's code too (it
 * starts once the page has hydrated). A guest has no cart to ask for.
 */
export function prefetchCheckoutCart(): void {
  if (!getToken()) return;
  void import('#src/lib/checkout/checkout-logic.ts');
  api.prefetchRpc('SuperIngresso', 'getCarrinhoPage', []).then(
    (cart) => {
      if (cart) {
        void api.prefetchRpc(
          'SuperIngresso',
          'getCarrinhoPageItens',
          cartItemsParams(cart.idmovimentacao),
        );
      }
    },
    () => {},
  );
}
