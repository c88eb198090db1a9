import { useEffect, useState } from 'react';
import { rpc } from '../../../api/api';
import { useSession } from '../../../lib/session-store';
import { useCartVersion } from '../../../lib/ui-stores';

/** Units held in the server cart (header badge); 0 for guests. */
export function useCartCount(): number {
  const { loggedIn } = useSession();
  const version = useCartVersion();
  const [count, setCount] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the refetch signal.
  useEffect(() => {
    if (!loggedIn) {
      setCount(0);
      return;
    }
    let live = true;
    rpc('SuperIngressoWeb', 'getCarrinhoQtdReservados', [], { display: 'inline' })
      .then((r) => {
        if (live) setCount(r.qtd);
      })
      .catch(() => {
        // The badge is a hint; the checkout tells the truth.
      });
    return () => {
      live = false;
    };
  }, [loggedIn, version]);
  return count;
}
