import { Outlet } from 'react-router-dom';
import { ReservationProvider } from '../../features/cart/hooks/reservation-provider';

/** Product and checkout share one hold: its machine lives here, around both routes. */
export function CartScope() {
  return (
    <ReservationProvider>
      <Outlet />
    </ReservationProvider>
  );
}
