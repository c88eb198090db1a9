import { APPROX } from '../components/approx-price';
import { BOOT_SPINNER } from '../components/boot-spinner';
import { LOADING } from '../components/loading-state';
import { GREETING } from '../features/auth/components/account-menu';
import { CONSENT } from '../features/consent/components/consent-banner-looks';
import type { ClassSet } from '../lib/class-sets';

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
