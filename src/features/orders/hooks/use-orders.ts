import type { StatusMovimentacao } from '../../../../schemas/contract';
import { fetchTickets } from '../../../api/rest';
import { useCurrentLocale } from '../../../lib/locale';
import { useSession } from '../../../lib/session-store';
import { useAsync } from '../../../lib/use-async';

/** Orders screen page size (spec §9). */
export const ORDERS_PAGE_SIZE = 5;
/**
 * The statuses of the orders list: paid (spec §9), and those awaiting a bank slip or Pix
 * payment (AP), so a pending purchase is never out of sight.
 */
export const DEFAULT_ORDER_STATUS: readonly StatusMovimentacao[] = ['PA', 'AP'];

/** One page of the person's orders; nothing is fetched for guests. */
export function useOrders(
  page: number,
  status: StatusMovimentacao | readonly StatusMovimentacao[] = DEFAULT_ORDER_STATUS,
) {
  const { loggedIn } = useSession();
  const locale = useCurrentLocale();
  return useAsync(
    loggedIn
      ? () =>
          fetchTickets({ status, page, resultsPerPage: ORDERS_PAGE_SIZE }, { display: 'inline' })
      : null,
    [loggedIn, page, status, locale],
  );
}
