/**
 * The checkout's sections below its items: holders, delivery and payment, most of its code and
 * components, and its dialogs (a guest's cart joining an earlier hold, the hold's expiry,
 * cancelling). The page loads them once its items have been painted (src/app/routes/checkout.tsx).
 */

export { AddToOrderModal } from '#src/features/checkout/components/add-to-order-modal.tsx';
export { CancelConfirmation, ExpiryWarning } from './checkout-dialogs';
export { DeliverySection } from './delivery-section';
export { HoldersSection } from './holders-section';
export { PaymentSection } from './payment-section';
