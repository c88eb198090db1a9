import { lazy } from 'react';
import { withAllTexts } from '../../../lib/locale';

/**
 * add-to-order-modal.tsx's dialog, for a page to render inside a LazyHost: asked only when the
 * person adds to tickets held from an earlier visit (a dialog's code and the style system).
 */
export const LazyAddToOrderModal = lazy(
  withAllTexts(() =>
    import('./add-to-order-modal').then((m) => ({
      default: m.AddToOrderModal,
    })),
  ),
);
