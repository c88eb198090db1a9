import { useEffect, useState } from 'react';
import { rpc } from '#src/api/api.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { useSession } from '#src/lib/session-store.ts';
import { useCartVersion, usePageReady } from '#src/lib/ui-stores.ts';
import { localCartUnits } from '#src/lib/checkout/local-cart.ts';

/** Changes to the cart this close together are asked about once. */
const BURST_MS = 50;

/**
 * Units in the cart (header badge): held on the server (getCarrinhoQtdReservados) for a
 * logged-in person, kept in the local cart for a guest of a brand with `carrinhoLocal`.
 * `enabled` false: 0, nothing asked (a page that needs the count only for some people).
 */
export function useCartCount(enabled = true): number {
  const { loggedIn } = useSession();
  const { carrinhoLocal } = useBrand();
  const version = useCartVersion();
  // The page's own view and calls first: the badge is asked for once the page is ready.
  const ready = usePageReady();
  const [count, setCount] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the refetch signal.
  useEffect(() => {
    if (!enabled) return;
    if (!loggedIn) {
      setCount(carrinhoLocal ? localCartUnits() : 0);
      return;
    }
    if (!ready) return;
    let live = true;
    // Changes come in bursts (a hold that settles changes its state and its count at once):
    // one request for a burst, not one per change.
    const timer = setTimeout(() => {
      rpc('SuperIngressoWeb', 'getCarrinhoQtdReservados', [], { display: 'inline' })
        .then((r) => {
          if (live) setCount(r.qtd);
        })
        .catch(() => {
          // The badge is a hint; the checkout tells the truth.
        });
    }, BURST_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [loggedIn, carrinhoLocal, version, ready, enabled]);
  return enabled ? count : 0;
}
