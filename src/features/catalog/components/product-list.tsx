import { LoadingState } from '#src/components/loading-state.tsx';
import { lazyStyled } from '#src/lib/style-system.tsx';

/**
 * The products of a session, grouped by type, each with its price and a stepper (Chakra
 * components, product-list-view.tsx): shown once a time is picked, so their code and the style
 * system load then, and the event page's first view needs neither.
 */
export const ProductList = lazyStyled(
  () => import('./product-list-view').then((m) => m.ProductListView),
  <LoadingState minH="16" />,
);
