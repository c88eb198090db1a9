/**
 * Types of the gate's check-in flow (machines/checkin.machine.ts): what the staff device knows,
 * what its injected actors take and give back.
 */
import type { CheckinAnswer, CheckinResultado, CheckinSessao } from '#schemas/rest/checkin.ts';
import type { FlowError } from './types';

/**
 * Code of a call that never reached the server (the API client's `NETWORK_ERROR_CODE`): the
 * device is offline, and the gate checks signed codes itself.
 */
export const CHECKIN_NETWORK_CODE = -1;
/** Code of an answer that says the staff session is over (spec §8 code 1). */
export const CHECKIN_SESSION_CODE = 1;

/** A logged-in staff member of the gate. */
export interface CheckinStaff {
  token: string;
  usuario: string;
}

/** What the gate says about one code: the server's answers, and one of its own offline. */
export type CheckinVerdict = CheckinResultado | 'nao_verificavel';

/** Why a code could not be checked offline (`nao_verificavel`). */
export type CheckinUnverifiableReason =
  /** A typed short code: only the server knows it; the QR carries the signed code. */
  | 'codigoCurto'
  /** No list of the session's tickets (and key) was downloaded on this device. */
  | 'semLista'
  /** The browser cannot verify Ed25519 signatures (WebCrypto). */
  | 'semEd25519';

/** The outcome of one scan, online (the server's answer) or offline (the device's). */
export interface CheckinOutcome {
  resultado: CheckinVerdict;
  /** Decided on the device without the server (to be synced). */
  offline: boolean;
  /** The server's answer in the page's language (online only). */
  mensagem?: string;
  /** `ja_usado`: when (Sao Paulo `YYYY-MM-DD HH:MM[:SS]`), if known. */
  usado_em?: string;
  usado_portao?: string | null;
  /** `outra_sessao` offline: the ticket's session id. */
  idapresentacao?: number;
  ingresso?: CheckinAnswer['ingresso'];
  motivo?: CheckinUnverifiableReason;
}

/** Input of `checkinMachine`: what the device remembers (localStorage). */
export interface CheckinInput {
  staff: CheckinStaff | null;
  idapresentacao: number | null;
  portao: string;
  /** Offline scans not yet synced. */
  pending: number;
  /** The device's copy of the remembered session's tickets, if it has one. */
  offlineList?: CheckinOfflineSummary | null;
}

/** The device's copy of a session's tickets (GET portaria/offline), as the view tells it. */
export interface CheckinOfflineSummary {
  ingressos: number;
  /** ISO 8601: when the server made the list. */
  gerado_em: string;
}

/** What the last sync did: how many scans went and the server's verdict on each. */
export interface CheckinSyncSummary {
  enviadas: number;
  /** Count of each verdict (`valido`: recorded; the rest: refused by the server). */
  resultados: Partial<Record<CheckinResultado, number>>;
}

export interface CheckinContext {
  staff: CheckinStaff | null;
  sessions: CheckinSessao[];
  idapresentacao: number | null;
  portao: string;
  offlineList: CheckinOfflineSummary | null;
  /** The code being checked, or last checked. */
  codigo: string;
  outcome: CheckinOutcome | null;
  /** Last failure (login refused, list not refreshed, a check that failed). */
  error: FlowError | null;
  pending: number;
  /** Whether the last call reached the server. */
  online: boolean;
  lastSync: CheckinSyncSummary | null;
  /** The last sync failed for a reason other than the network (asked again by hand). */
  syncError: FlowError | null;
}

export type CheckinEvent =
  | { type: 'staff.login'; usuario: string; senha: string; _recaptcha?: string }
  | { type: 'staff.logout' }
  | { type: 'sessions.retry' }
  | { type: 'session.chosen'; idapresentacao: number; portao: string }
  | { type: 'session.change' }
  | { type: 'code.submitted'; codigo: string }
  | { type: 'result.dismissed' }
  | { type: 'sync.requested' }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  | { type: 'error.dismiss' };

export interface CheckinLoginInput {
  usuario: string;
  senha: string;
  /** The captcha's solution, once the server asked for it (an address with many failures). */
  _recaptcha?: string;
}

export interface CheckinTokenInput {
  token: string;
}

export interface CheckinOfflineListInput {
  token: string;
  idapresentacao: number;
}

export interface CheckinCodeInput {
  token: string;
  codigo: string;
  idapresentacao: number;
  portao: string;
}

export interface CheckinOfflineInput {
  codigo: string;
  idapresentacao: number;
  portao: string;
}

/** `checkOffline`'s answer: the outcome, and the count of scans waiting for the sync. */
export interface CheckinOfflineOutput {
  outcome: CheckinOutcome;
  pending: number;
}

/** `syncScans`'s answer. */
export interface CheckinSyncOutput {
  summary: CheckinSyncSummary;
  pending: number;
}
