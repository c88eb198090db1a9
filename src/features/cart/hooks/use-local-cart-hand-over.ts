import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isProfileComplete } from '#machines/session-rules.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { useSession } from '#src/lib/session-store.ts';
import { useCartVersion } from '#src/lib/ui-stores.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { profileRulesOf } from '#src/lib/login-outcome.ts';
import { readLocalCart } from '#src/lib/checkout/local-cart.ts';

/**
 * Spec §4: a guest's local cart (brands with `carrinhoLocal`, or an add kept while the profile
 * was completed) becomes holds once the person is logged in with a complete profile: the shop goes to the checkout, which hands the entries
 * to the checkout machine (`cart.handOver`). An incomplete profile waits for the profile page.
 */
export function useLocalCartHandOver(): void {
  const brand = useBrand();
  const { loggedIn, pessoa } = useSession();
  const version = useCartVersion();
  const navigate = useNavigate();
  const to = usePathFor();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the re-check signal.
  useEffect(() => {
    // Not only with `carrinhoLocal`: a guest's add whose login went on on the profile page is
    // kept there too (checkout machine, `login.deferred`).
    if (!loggedIn || !pessoa) return;
    if (!isProfileComplete(pessoa, profileRulesOf(brand))) return;
    const checkout = to('Checkout');
    if (pathname === checkout || readLocalCart().length === 0) return;
    navigate(checkout);
  }, [brand, loggedIn, pessoa, version, pathname, to, navigate]);
}
