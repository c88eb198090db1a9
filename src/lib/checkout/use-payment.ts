import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formasOf } from '#machines/payment.machine.ts';
import type { createPaymentLogic } from './payment-logic';

export type PaymentActor = ActorRefFrom<ReturnType<typeof createPaymentLogic>>;

/** What the payment form shows, read from the payment machine's tags. */
export type PaymentStatus =
  | 'loading'
  | 'form'
  | 'busy'
  | 'error'
  | 'concludeFailed'
  | 'pix'
  | 'boleto'
  | 'done';

/** The payment of a hold: the checkout machine's child, as the payment form reads it. */
export function usePayment(actor: PaymentActor) {
  const status = useSelector(actor, (s): PaymentStatus => {
    if (s.status === 'done') return 'done';
    if (s.hasTag('pix')) return 'pix';
    if (s.hasTag('boleto')) return 'boleto';
    if (s.matches('concludeFailed')) return 'concludeFailed';
    if (s.hasTag('error')) return 'error';
    if (s.hasTag('busy')) return 'busy';
    if (s.hasTag('form')) return 'form';
    return 'loading';
  });
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'payment.retry' }));
  const canClose = useSelector(actor, (s) => s.can({ type: 'payment.close' }));
  const gateway = useSelector(actor, (s) => s.context.gateway);
  const parcelas = useSelector(actor, (s) => s.context.parcelas);
  const error = useSelector(actor, (s) => s.context.error);
  const forma = useSelector(actor, (s) => s.context.forma);
  const result = useSelector(actor, (s) => s.context.result);
  const formas = gateway ? formasOf(gateway) : [];

  return {
    actor,
    status,
    failed,
    canRetry,
    canClose,
    gateway,
    formas,
    forma,
    parcelas,
    error,
    result,
  };
}
