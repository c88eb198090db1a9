import {
  type BrandConfig,
  type LoginBody,
  type LoginProvider,
  type LoginResult,
  RestPath,
  type StatusMovimentacao,
  type TicketsCartResult,
} from '../../schemas/contract';
import { api } from './api';
import type { CallOptions } from './client';

/** Typed REST calls of spec §7 (the RPC calls are typed by the contract through `rpc`). */

export function fetchBrandConfig(): Promise<BrandConfig> {
  return api.post<BrandConfig>(RestPath.configs, {});
}

export function fetchLoginProviders(origin: string): Promise<LoginProvider[]> {
  return api.get<LoginProvider[]>(RestPath.logins, { url: origin });
}

export function postLogin(
  providerId: number,
  body: LoginBody,
  options?: CallOptions,
): Promise<LoginResult> {
  return api.post<LoginResult>(RestPath.login(providerId), body, options);
}

export interface TicketsQuery {
  status: StatusMovimentacao;
  page: number;
  resultsPerPage: number;
}

export function fetchTickets(q: TicketsQuery, options?: CallOptions): Promise<TicketsCartResult> {
  return api.get<TicketsCartResult>(
    RestPath.ticketsCart,
    { status: q.status, page: q.page, results_per_page: q.resultsPerPage, fetch_items: true },
    options,
  );
}
