import { lazyStyled } from '../lib/style-system';

/**
 * A page's only content when there is nothing else to show: not found, an empty cart, sign in
 * first (notice-view.tsx: Chakra's EmptyState). Its code and the style system load when it
 * first shows: the not-found page's frame is plain, and the home and event pages show it only
 * for an unknown address.
 */
export const Notice = lazyStyled(() => import('./notice-view').then((m) => m.NoticeView));
