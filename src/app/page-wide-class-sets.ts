import { APPROX } from '#src/components/approx-price.tsx';
import { BOOT_SPINNER } from '#src/components/boot-spinner.tsx';
import { ALERT } from '#src/components/error-alert.tsx';
import { LOADING } from '#src/components/loading-state.tsx';
import { GREETING } from '#src/features/auth/components/greeting-button.tsx';
import { CART_ITEMS } from '#src/features/cart/components/cart-items.tsx';
import { COUNTDOWN } from '#src/components/countdown.tsx';
import { COUPON } from '#src/features/cart/components/coupon-section.tsx';
import { CONSENT } from '#src/features/consent/components/consent-banner-looks.ts';
import type { ClassSet } from '#src/lib/class-set-resolve.ts';
import type { RouteName } from '#src/lib/routes.ts';
import { CHECKOUT_PAGE } from './routes/checkout-looks';

/**
 * The class sets every page the server renders carries, whether it rendered them or not: what
 * the browser may show on a page that hydrates without the style system, though the server did
 * not render it (the cookie banner of a first visit, a returning visitor's greeting, prices in
 * another currency, the loading states of a navigation or of another day's times). A set the
 * page lacks is resolved in the browser, which loads the style system (~45 KiB) to show it.
 * Imported by the server's renderer only (src/entry-server.tsx).
 */
export const PAGE_WIDE_CLASS_SETS: readonly ClassSet<string>[] = [
  BOOT_SPINNER,
  LOADING,
  APPROX,
  GREETING,
  CONSENT,
];

/**
 * The class sets a page carries though its server frame does not render them: the checkout's
 * first view (its items, countdown, notices and coupon), which the browser draws once the hold
 * has arrived, without the style system. Imported by the server's renderer only.
 */
export const ROUTE_CLASS_SETS: Partial<Record<RouteName, readonly ClassSet<string>[]>> = {
  Checkout: [CHECKOUT_PAGE, COUNTDOWN, ALERT, CART_ITEMS, COUPON],
};
