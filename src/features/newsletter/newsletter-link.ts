import type { NewsletterResult } from '#schemas/contract.ts';
import { isApiError } from '#src/api/api-error.ts';
import { postNewsletter } from './api';

const sent = new Map<string, Promise<NewsletterResult>>();

/**
 * A newsletter link's action (confirm or unsubscribe), once per token and page load: React's
 * development double effects must not turn "confirmed" into "already confirmed".
 */
export function runNewsletterLink(
  acao: 'confirmar' | 'cancelar',
  token: string,
): Promise<NewsletterResult> {
  const key = `${acao}:${token}`;
  let p = sent.get(key);
  if (!p) {
    p = postNewsletter({ acao, token }, { display: 'inline' }).catch((e: unknown) => {
      // No answer (offline): nothing happened yet, a retry may send it again.
      if (!isApiError(e) || e.code < 0) sent.delete(key);
      throw e;
    });
    sent.set(key, p);
  }
  return p;
}
