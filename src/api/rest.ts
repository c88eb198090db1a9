import {
  type BrandConfig,
  type CadastroCriadoResult,
  type CadastroResult,
  type CepResult,
  type Conteudo,
  type ConteudoResumo,
  type EnderecoCidade,
  type EnderecoEstado,
  type Faq,
  type LoginBody,
  type LoginProvider,
  type LoginResult,
  type MensagemResult,
  type NovaSenhaBody,
  type RecuperarSenhaBody,
  type RecuperarSenhaResult,
  RestPath,
  type SessaoPessoa,
  type StatusMovimentacao,
  type TicketsCartResult,
  type TrocarSenhaBody,
  type ValidaEmailResult,
} from '#schemas/contract.ts';
import { getExtraParams } from '#src/lib/extra-params.ts';
import { getCurrentLocale } from '#src/lib/locale.ts';
import { setMaintenance } from '#src/lib/ui-stores.ts';
import { api } from './api';
import { API_BASE } from './base';
import { type CallOptions, createApiClient } from './client';

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
  /** One status or several (sent as a comma list, e.g. `PA,AP`). */
  status: StatusMovimentacao | readonly StatusMovimentacao[];
  page: number;
  resultsPerPage: number;
}

export function fetchTickets(q: TicketsQuery, options?: CallOptions): Promise<TicketsCartResult> {
  return api.get<TicketsCartResult>(
    RestPath.ticketsCart,
    {
      status: typeof q.status === 'string' ? q.status : q.status.join(','),
      page: q.page,
      results_per_page: q.resultsPerPage,
      fetch_items: true,
    },
    options,
  );
}

// Accounts (spec §7)

/** POST cadastro/{loginId}: every registration field prefixed with an underscore. */
export function postCadastro(
  loginId: number,
  body: Record<string, unknown>,
  options?: CallOptions,
): Promise<CadastroCriadoResult> {
  return api.post<CadastroCriadoResult>(RestPath.cadastro(loginId), body, options);
}

export function fetchCadastro(options?: CallOptions): Promise<CadastroResult> {
  return api.get<CadastroResult>(RestPath.dados, undefined, options);
}

/** POST pessoa/cadastro/dados: the profile fields (unprefixed); the e-mail is not changed. */
export function saveCadastro(
  body: Record<string, unknown>,
  options?: CallOptions,
): Promise<MensagemResult & { pessoa: SessaoPessoa }> {
  return api.post<MensagemResult & { pessoa: SessaoPessoa }>(RestPath.dados, body, options);
}

/** The answer carries a new token (every other session ends); the client keeps it. */
export function postTrocarSenha(
  body: TrocarSenhaBody,
  options?: CallOptions,
): Promise<MensagemResult> {
  return api.post<MensagemResult>(RestPath.trocarSenha, body, options);
}

/** The same answer whether the e-mail has an account or not. */
export function postRecuperarSenha(
  body: RecuperarSenhaBody,
  options?: CallOptions,
): Promise<RecuperarSenhaResult> {
  return api.post<RecuperarSenhaResult>(RestPath.recuperarSenha, body, options);
}

export function postNovaSenha(
  body: NovaSenhaBody,
  options?: CallOptions,
): Promise<RecuperarSenhaResult> {
  return api.post<RecuperarSenhaResult>(RestPath.novaSenha, body, options);
}

export function postConfirmarEmail(token: string, options?: CallOptions): Promise<MensagemResult> {
  return api.post<MensagemResult>(RestPath.confirmarEmail, { token }, options);
}

export function postValidaEmail(email: string, options?: CallOptions): Promise<ValidaEmailResult> {
  return api.post<ValidaEmailResult>(RestPath.validaEmail, { email }, options);
}

/** POST logout: the server revokes the token; `logoutUrl` ends an identity provider's session. */
export interface LogoutResult {
  ok: true;
  logoutUrl?: string;
}

export function postLogout(options?: CallOptions): Promise<LogoutResult> {
  return api.post<LogoutResult>(RestPath.logout, {}, options);
}

// Address lookups (spec §7 "External lookups")

export function fetchCep(cep: string, options?: CallOptions): Promise<CepResult> {
  return api.get<CepResult>(RestPath.cep(cep), undefined, options);
}

export function fetchEstados(pais: string, options?: CallOptions): Promise<EnderecoEstado[]> {
  return api.get<EnderecoEstado[]>(RestPath.estados(pais), undefined, options);
}

export function fetchCidades(estado: string, options?: CallOptions): Promise<EnderecoCidade[]> {
  return api.get<EnderecoCidade[]>(RestPath.cidades(estado), undefined, options);
}

// The brand's content (spec §7)

export function fetchConteudos(options?: CallOptions): Promise<ConteudoResumo[]> {
  return api.get<ConteudoResumo[]>(RestPath.conteudos, undefined, options);
}

export function fetchConteudo(id: string, options?: CallOptions): Promise<Conteudo> {
  return api.get<Conteudo>(RestPath.conteudo(id), undefined, options);
}

export function fetchFaq(options?: CallOptions): Promise<Faq> {
  return api.get<Faq>(RestPath.faq, undefined, options);
}

// Return from an identity provider (spec §2 access_token)

/**
 * The person of a token that is not the session's yet (and whether they accepted the terms): GET pessoa/cadastro/dados with that token
 * in the Authorization header, through a client of its own so the session store is untouched
 * until the token has proved good (and a bad one does not end the current session).
 */
export async function fetchPessoaWithToken(token: string): Promise<CadastroResult> {
  const once = createApiClient({
    baseUrl: API_BASE,
    getLocale: getCurrentLocale,
    getToken: () => token,
    setToken: () => {},
    clearSession: () => {},
    getExtraParams,
    onNetworkError: () => setMaintenance(true),
  });
  return once.get<CadastroResult>(RestPath.dados);
}
