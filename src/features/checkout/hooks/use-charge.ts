import { useCallback, useSyncExternalStore } from 'react';
import { type Charge, chosenCharge } from '#src/lib/checkout/installments.ts';
import type { PaymentActor } from '#src/lib/checkout/use-payment.ts';

/**
 * What the checkout's payment charges now for a cart of `total` (the method and instalments
 * chosen in the payment machine, `payment`): the summary shows its interest and total, the pay
 * button the same total (installments.ts `chosenCharge`). Before the payment runs: the cart's
 * total, no interest. Read without @xstate/react, so the items' first view does not load it.
 */
export function useCharge(payment: PaymentActor | null, total: number): Charge {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = payment?.subscribe({ next: onChange, error: onChange });
      return () => sub?.unsubscribe();
    },
    [payment],
  );
  // The context changes only when the machine assigns: a stable snapshot between changes.
  const context = useSyncExternalStore(
    subscribe,
    () => payment?.getSnapshot().context ?? null,
    () => null,
  );
  return chosenCharge(context?.gateway, context?.forma ?? 'cartao', context?.parcelas ?? 1, total);
}
