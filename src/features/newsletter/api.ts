import { type NewsletterBody, type NewsletterResult, RestPath } from '#schemas/contract.ts';
import { api } from '#src/api/api.ts';
import type { CallOptions } from '#src/api/client.ts';

/** POST CustomUserApps/Newsletter: sign-up, confirmation or unsubscribe (schemas/contract.ts). */
export function postNewsletter(
  body: NewsletterBody,
  options?: CallOptions,
): Promise<NewsletterResult> {
  return api.post<NewsletterResult>(RestPath.newsletter, body, options);
}
