import { type NewsletterBody, type NewsletterResult, RestPath } from '../../../schemas/contract';
import { api } from '../../api/api';
import type { CallOptions } from '../../api/client';

/** POST CustomUserApps/Newsletter: sign-up, confirmation or unsubscribe (schemas/contract.ts). */
export function postNewsletter(
  body: NewsletterBody,
  options?: CallOptions,
): Promise<NewsletterResult> {
  return api.post<NewsletterResult>(RestPath.newsletter, body, options);
}
