import { Outlet } from 'react-router-dom';
import { CheckoutProvider } from '#src/lib/checkout/checkout-provider.tsx';

/** Product and checkout share one hold: its machine lives here, around both routes. */
export function CartScope() {
  return (
    <CheckoutProvider>
      <Outlet />
    </CheckoutProvider>
  );
}
