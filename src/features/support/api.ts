import { type ContatoBody, type ContatoResult, RestPath } from '../../../schemas/contract';
import { api } from '../../api/api';
import type { CallOptions } from '../../api/client';

/** POST CustomUserApps/Contato: the contact form's fields as they are (spec §3, §7). */
export function postContato(body: ContatoBody, options?: CallOptions): Promise<ContatoResult> {
  return api.post<ContatoResult>(RestPath.contato, body, options);
}
