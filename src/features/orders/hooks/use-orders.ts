import type { StatusMovimentacao } from '#schemas/contract.ts';
import { fetchTickets } from '#src/api/rest.ts';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { useSession } from '#src/lib/session-store.ts';
import { useAsync } from '#src/lib/use-async.ts';

/** Orders screen page size (spec §9). */
export const ORDERS_PAGE_SIZE = 5;

/** The orders list's filters, in the order shown; `paid` first and by default (spec §9). */
export const ORDER_FILTERS = ['paid', 'pending', 'cancelled', 'all'] as const;
export type OrdersFilter = (typeof ORDER_FILTERS)[number];

/**
 * The statuses each filter asks for: paid (PA), awaiting payment (AP: a bank slip, a Pix charge
 * or a card under review), cancelled (CA: the server lists only orders cancelled after a payment
 * was issued, not carts given up), and all of them.
 */
export const FILTER_STATUSES: Record<OrdersFilter, readonly StatusMovimentacao[]> = {
  paid: ['PA'],
  pending: ['AP'],
  cancelled: ['CA'],
  all: ['PA', 'AP', 'CA'],
};

/** The filter named in the URL (`?status=`), paid when absent or unknown. */
export function parseOrdersFilter(value: string | null): OrdersFilter {
  return (ORDER_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as OrdersFilter)
    : 'paid';
}

/** One page of the person's orders under `filter`; nothing is fetched for guests. */
export function useOrders(page: number, filter: OrdersFilter = 'paid') {
  const { loggedIn } = useSession();
  const locale = useCurrentLocale();
  return useAsync(
    loggedIn
      ? () =>
          fetchTickets(
            { status: FILTER_STATUSES[filter], page, resultsPerPage: ORDERS_PAGE_SIZE },
            { display: 'inline' },
          )
      : null,
    [loggedIn, page, filter, locale],
  );
}

/**
 * How many orders await payment, while another filter is shown (so a pending purchase is never
 * out of sight); null while unknown or when `enabled` is false.
 */
export function usePendingCount(enabled: boolean) {
  const { loggedIn } = useSession();
  const pending = useAsync(
    loggedIn && enabled
      ? () =>
          fetchTickets(
            { status: FILTER_STATUSES.pending, page: 1, resultsPerPage: 1 },
            { display: 'inline' },
          )
      : null,
    [loggedIn, enabled],
  );
  return enabled ? (pending.data?.page_summary.total ?? null) : null;
}
