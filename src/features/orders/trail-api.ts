import {
  type AgendamentoIngresso,
  type ConsultaRioBoiBody,
  type ConsultaRioBoiResult,
  type DiasCompraBody,
  type DiasCompraResult,
  type InsereRioBoiBody,
  RestPath,
} from '#schemas/contract.ts';
import { api } from '#src/api/api.ts';
import type { CallOptions } from '#src/api/client.ts';

/** POST CustomUserApps/DiasCompra: the days (with `dia`, that day's times) a ticket may book. */
export function postDiasCompra(
  body: DiasCompraBody,
  options?: CallOptions,
): Promise<DiasCompraResult> {
  return api.post<DiasCompraResult>(RestPath.diasCompra, body, options);
}

/** POST CustomUserApps/InsereRioBoi: books (or moves) a ticket's slot. */
export function postInsereRioBoi(
  body: InsereRioBoiBody,
  options?: CallOptions,
): Promise<AgendamentoIngresso> {
  return api.post<AgendamentoIngresso>(RestPath.insereRioBoi, body, options);
}

/** POST CustomUserApps/ConsultaRioBoi: the bookings of an order or of one ticket. */
export function postConsultaRioBoi(
  body: ConsultaRioBoiBody,
  options?: CallOptions,
): Promise<ConsultaRioBoiResult> {
  return api.post<ConsultaRioBoiResult>(RestPath.consultaRioBoi, body, options);
}
