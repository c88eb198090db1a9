import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { paymentMachine } from '../../../../machines/payment.machine';
import type {
  CancelReservationInput,
  ConcludePaymentInput,
  FetchGatewayInput,
  LoadGatewayScriptInput,
  StartPaymentInput,
  TokenizeCardInput,
} from '../../../../machines/types';
import type {
  CancelarReservaResult,
  CartaoToken,
  ConcluirPagamentoResult,
  GatewayPagamento,
  IniciarPagamentoResult,
} from '../../../../schemas/contract';
import { rpc } from '../../../api/api';
import { ApiError } from '../../../api/api-error';
import { inspectOptions } from '../../../lib/inspect';
import { loadScripts } from './gateway-script';

/** Tokenizer refusals (sandbox codes) → our messages; the card data never leaves the browser. */
const TOKENIZER_MESSAGES = {
  invalid_number: 'payment.card.invalidNumber',
  invalid_expiry: 'payment.card.invalidExpiry',
  invalid_cvv: 'payment.card.invalidCvv',
  invalid_holder: 'payment.card.invalidHolder',
  network: 'payment.gatewayUnreachable',
} as const;

function tokenizerError(e: unknown, intl: IntlShape): ApiError {
  const code = e && typeof e === 'object' && 'code' in e ? String(e.code) : '';
  const id = TOKENIZER_MESSAGES[code as keyof typeof TOKENIZER_MESSAGES] ?? 'payment.card.refused';
  return new ApiError(0, intl.formatMessage({ id }));
}

function newNonce(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function createPaymentLogic(intlRef: { current: IntlShape }, returnUrl: () => string) {
  return paymentMachine.provide({
    actors: {
      fetchGateway: fromPromise<GatewayPagamento, FetchGatewayInput>(({ input }) =>
        rpc('SuperIngresso', 'getGatewayPagamento', [input.idmovimentacao], { display: 'inline' }),
      ),
      loadGatewayScript: fromPromise<void, LoadGatewayScriptInput>(async ({ input }) => {
        try {
          await loadScripts(input.files);
        } catch {
          throw new ApiError(0, intlRef.current.formatMessage({ id: 'payment.scriptFailed' }));
        }
      }),
      tokenizeCard: fromPromise<CartaoToken, TokenizeCardInput>(async ({ input }) => {
        const gateway = window.SandboxGateway;
        if (!gateway)
          throw new ApiError(0, intlRef.current.formatMessage({ id: 'payment.scriptFailed' }));
        try {
          return await gateway.tokenize(input.publicKey, input.card);
        } catch (e) {
          throw tokenizerError(e, intlRef.current);
        }
      }),
      startPayment: fromPromise<IniciarPagamentoResult, StartPaymentInput>(({ input }) =>
        rpc(
          'SuperIngresso',
          'iniciarPagamento',
          [input.idmovimentacao, input.idformapag, returnUrl(), input.cartao, input.opcoes],
          { display: 'inline' },
        ),
      ),
      concludePayment: fromPromise<ConcluirPagamentoResult, ConcludePaymentInput>(({ input }) =>
        rpc('SuperIngresso', 'concluirPagamento', [{ idmovimentacao: input.idmovimentacao }], {
          display: 'inline',
        }),
      ),
      cancelReservation: fromPromise<CancelarReservaResult, CancelReservationInput>(({ input }) =>
        rpc('SuperIngresso', 'cancelarReserva', [input.idmovimentacao, null, false, false], {
          display: 'inline',
        }),
      ),
    },
  });
}

export type PaymentStatus =
  | 'loading'
  | 'form'
  | 'busy'
  | 'succeeded'
  | 'pending'
  | 'error'
  | 'concludeFailed'
  | 'closing'
  | 'closed';

/** The card payment of a hold, driven by the payment machine (one attempt nonce per opening). */
export function usePayment(idmovimentacao: number, returnUrl: () => string) {
  const intl = useIntl();
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const returnUrlRef = useRef(returnUrl);
  returnUrlRef.current = returnUrl;
  const [logic] = useState(() => createPaymentLogic(intlRef, () => returnUrlRef.current()));
  const [attemptNonce] = useState(newNonce);
  const actor = useActorRef(logic, {
    input: { idmovimentacao, attemptNonce },
    ...inspectOptions(),
  });

  const status = useSelector(actor, (s): PaymentStatus => {
    if (s.hasTag('success')) return 'succeeded';
    if (s.hasTag('pending')) return 'pending';
    if (s.hasTag('closed')) return 'closed';
    if (s.matches('closing')) return 'closing';
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
  const result = useSelector(actor, (s) => s.context.result);

  return { actor, status, failed, canRetry, canClose, gateway, parcelas, error, result };
}
