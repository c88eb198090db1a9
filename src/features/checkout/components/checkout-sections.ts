/**
 * The checkout's sections below its items: holders, delivery and payment, most of its code and
 * components. The page loads them once its items have been painted (src/app/routes/checkout.tsx).
 */
export { DeliverySection } from './delivery-section';
export { HoldersSection } from './holders-section';
export { PaymentSection } from './payment-section';
