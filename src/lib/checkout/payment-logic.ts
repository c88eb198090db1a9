import type { IntlShape } from 'react-intl';
import { fromPromise } from 'xstate';
import { paymentMachine } from '#machines/payment.machine.ts';
import type {
  ConcludePaymentInput,
  FetchGatewayInput,
  LoadGatewayScriptInput,
  StartPaymentInput,
  TokenizeCardInput,
  WatchChargeInput,
} from '#machines/types.ts';
import type {
  CartaoToken,
  ConcluirPagamentoResult,
  GetGatewayPagamentoResult,
  IniciarPagamentoResult,
} from '#schemas/contract.ts';
import { rpc } from '#src/api/api.ts';
import { ApiError } from '#src/api/api-error.ts';
import { trackPurchase } from '#src/lib/tracking/track.ts';
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

/** What the payment's actors need from the page: today's messages and the return address. */
export interface PaymentDeps {
  intl(): IntlShape;
  returnUrl(): string;
}

/** The payment machine with the shop's actors (it runs as the checkout machine's child). */
export function createPaymentLogic(deps: PaymentDeps) {
  return paymentMachine.provide({
    actors: {
      fetchGateway: fromPromise<GetGatewayPagamentoResult, FetchGatewayInput>(({ input }) =>
        rpc('SuperIngresso', 'getGatewayPagamento', [input.idmovimentacao], { display: 'inline' }),
      ),
      loadGatewayScript: fromPromise<void, LoadGatewayScriptInput>(async ({ input }) => {
        try {
          await loadScripts(input.files);
        } catch {
          throw new ApiError(0, deps.intl().formatMessage({ id: 'payment.scriptFailed' }));
        }
      }),
      tokenizeCard: fromPromise<CartaoToken, TokenizeCardInput>(async ({ input }) => {
        const gateway = window.SandboxGateway;
        if (!gateway)
          throw new ApiError(0, deps.intl().formatMessage({ id: 'payment.scriptFailed' }));
        try {
          return await gateway.tokenize(input.publicKey, input.card);
        } catch (e) {
          throw tokenizerError(e, deps.intl());
        }
      }),
      startPayment: fromPromise<IniciarPagamentoResult, StartPaymentInput>(({ input }) =>
        rpc(
          'SuperIngresso',
          'iniciarPagamento',
          [input.idmovimentacao, input.idformapag, deps.returnUrl(), input.cartao, input.opcoes],
          { display: 'inline' },
        ),
      ),
      concludePayment: fromPromise<ConcluirPagamentoResult, ConcludePaymentInput>(({ input }) =>
        rpc('SuperIngresso', 'concluirPagamento', [{ idmovimentacao: input.idmovimentacao }], {
          display: 'inline',
        }),
      ),
      watchCharge: fromPromise<ConcluirPagamentoResult, WatchChargeInput>(({ input, signal }) =>
        watchCharge(input.idmovimentacao, signal, deps.intl),
      ),
    },
    actions: {
      // The purchase event (once per order: src/lib/tracking), only with the visitor's consent.
      paymentSucceeded: (_, params) => trackPurchase(params.idmovimentacao),
    },
  });
}

/** How often a Pix charge is asked about while its code is shown. */
export const PIX_POLL_MS = 3000;

/**
 * Asks the server every {@link PIX_POLL_MS} how the order awaiting a Pix charge stands
 * (`concluirPagamento` answers AP while it waits, PA with the tickets once paid) until it is
 * paid, or no longer awaits anything (the charge ran out or was cancelled: an error with its
 * message). A request that fails is asked again at the next turn; leaving the screen aborts.
 */
async function watchCharge(
  idmovimentacao: number,
  signal: AbortSignal,
  intl: () => IntlShape,
): Promise<ConcluirPagamentoResult> {
  for (;;) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, PIX_POLL_MS);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });
    let answer: ConcluirPagamentoResult;
    try {
      answer = await rpc('SuperIngresso', 'concluirPagamento', [{ idmovimentacao }], {
        display: 'inline',
        signal,
      });
    } catch (e) {
      if (signal.aborted) throw e;
      continue;
    }
    if (answer.status === 'PA') return answer;
    if (answer.status !== 'AP') {
      throw new ApiError(0, intl().formatMessage({ id: 'payment.pix.closed' }));
    }
  }
}
