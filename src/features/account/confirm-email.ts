import type { MensagemResult } from '#schemas/contract.ts';
import { isApiError } from '#src/api/api-error.ts';
import { postConfirmarEmail } from '#src/api/rest.ts';

const sent = new Map<string, Promise<MensagemResult>>();

/**
 * POST pessoa/cadastro/confirmar/email once per token and page load: the token is single-use,
 * so a second request (React's development double effects, the page and the query parameter
 * both seeing it) would turn a success into "Token de confirmação não identificado!".
 */
export function confirmEmailOnce(token: string): Promise<MensagemResult> {
  let p = sent.get(token);
  if (!p) {
    p = postConfirmarEmail(token, { display: 'inline' }).catch((e: unknown) => {
      // The server never answered (offline): the token is unspent, a retry may send it again.
      if (!isApiError(e) || e.code < 0) sent.delete(token);
      throw e;
    });
    sent.set(token, p);
  }
  return p;
}
