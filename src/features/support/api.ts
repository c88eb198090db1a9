import { type ContatoBody, type ContatoResult, RestPath } from '#schemas/contract.ts';
import { api } from '#src/api/api.ts';
import type { CallOptions } from '#src/api/client.ts';

/** POST CustomUserApps/Contato: the contact form's fields as they are (spec §3, §7). */
export function postContato(body: ContatoBody, options?: CallOptions): Promise<ContatoResult> {
  return api.post<ContatoResult>(RestPath.contato, body, options);
}
