/**
 * The gate's calls (schemas/rest/checkin.ts) with the staff token in `x-checkin-token`. A
 * small fetch of its own rather than the shop's client: no buyer session, no maintenance
 * modal when the network is down (offline is a normal mode here), and a short timeout so a
 * scan falls back to the device's own check quickly.
 */
import { apiFieldErrors, type Envelope, langParam } from '#schemas/contract.ts';
import {
  CHECKIN_TOKEN_HEADER,
  type CheckinAnswer,
  type CheckinLeitura,
  type CheckinLoginResult,
  type CheckinOfflineResult,
  CheckinPath,
  type CheckinSessao,
  type CheckinSincronizarResult,
  type CheckinValidarBody,
} from '#schemas/rest/checkin.ts';
import { ApiError, BAD_RESPONSE_CODE, NETWORK_ERROR_CODE } from '#src/api/api-error.ts';
import { apiUrl } from '#src/api/api.ts';
import { getCurrentLocale } from '#src/lib/locale.ts';

/** How long a call may take before the gate decides offline. */
const TIMEOUT_MS = 6_000;

interface Call {
  method: 'GET' | 'POST';
  token?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  signal?: AbortSignal;
}

function signalOf(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  return signal && 'any' in AbortSignal ? AbortSignal.any([signal, timeout]) : timeout;
}

async function call<T>(path: string, c: Call): Promise<T> {
  // The browser knows it is offline: no need to wait for the call to fail.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(NETWORK_ERROR_CODE, '');
  }
  const url = new URL(apiUrl(path));
  url.searchParams.set('lang', langParam(getCurrentLocale()));
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, String(v));
  let response: Response;
  try {
    response = await fetch(url, {
      method: c.method,
      headers: {
        ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(c.token ? { [CHECKIN_TOKEN_HEADER]: c.token } : {}),
      },
      ...(c.body !== undefined ? { body: JSON.stringify(c.body) } : {}),
      signal: signalOf(c.signal),
    });
  } catch (e) {
    if (c.signal?.aborted) throw e;
    throw new ApiError(NETWORK_ERROR_CODE, '');
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (envelope && 'error' in envelope && envelope.error) {
    throw new ApiError(
      Number(envelope.error.code),
      String(envelope.error.message ?? ''),
      apiFieldErrors((envelope.error as { fields?: unknown }).fields),
    );
  }
  if (envelope && 'result' in envelope) return envelope.result;
  // A proxy's error page while the server is down is the network failing, for the gate.
  if (response.status >= 500) throw new ApiError(NETWORK_ERROR_CODE, '');
  throw new ApiError(BAD_RESPONSE_CODE, `${response.status} ${response.statusText}`.trim());
}

/** The staff login; `_recaptcha` when the server asked for the captcha. */
export function postCheckinLogin(
  login: { usuario: string; senha: string; _recaptcha?: string },
  signal?: AbortSignal,
): Promise<CheckinLoginResult> {
  return call(CheckinPath.login, { method: 'POST', body: login, signal });
}

export function postCheckinLogout(token: string, signal?: AbortSignal): Promise<unknown> {
  return call(CheckinPath.logout, { method: 'POST', token, body: {}, signal });
}

export async function fetchCheckinSessoes(
  token: string,
  signal?: AbortSignal,
): Promise<CheckinSessao[]> {
  const r = await call<{ sessoes: CheckinSessao[] }>(CheckinPath.sessoes, {
    method: 'GET',
    token,
    signal,
  });
  return r.sessoes;
}

export function postValidar(
  token: string,
  body: CheckinValidarBody,
  signal?: AbortSignal,
): Promise<CheckinAnswer> {
  return call(CheckinPath.validar, { method: 'POST', token, body, signal });
}

export function fetchOfflineList(
  token: string,
  idapresentacao: number,
  signal?: AbortSignal,
): Promise<CheckinOfflineResult> {
  return call(CheckinPath.offline, { method: 'GET', token, query: { idapresentacao }, signal });
}

export function postSincronizar(
  token: string,
  leituras: CheckinLeitura[],
  signal?: AbortSignal,
): Promise<CheckinSincronizarResult> {
  return call(CheckinPath.sincronizar, { method: 'POST', token, body: { leituras }, signal });
}
