import { Outlet } from 'react-router-dom';
import { CheckoutProvider } from '../../features/cart/hooks/checkout-provider';

/** Product and checkout share one hold: its machine lives here, around both routes. */
export function CartScope() {
  return (
    <CheckoutProvider>
      <Outlet />
    </CheckoutProvider>
  );
}
