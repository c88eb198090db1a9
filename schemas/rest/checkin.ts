/**
 * The check-in (gate) API, for staff of the brand (brand.json `checkin.staff`). Every answer is
 * an {@link Envelope}. After `POST portaria/login` every call carries the staff token in the
 * {@link CHECKIN_TOKEN_HEADER} header (not `Authorization`, which is the buyer's session).
 *
 * Offline: `GET portaria/offline?idapresentacao=` hands the device the brand's public key and
 * the session's tickets (id, version, status). A ticket's QR code is its signed code
 * (server/tickets/codes.ts): `base64url(payload ‖ signature)`, payload 15 bytes (format 1, ticket
 * id u32, unit id u32, session id u32, version u16, big-endian), Ed25519 signature over
 * `"SF-TICKET" ‖ payload`. A device verifies the signature, checks the version and status
 * against its list and its own scans, and later posts its scans to `portaria/sincronizar`.
 */
import type { Envelope } from '../contract';

export type { Envelope };

/** REST paths of the check-in API (relative to the API base URL). */
export const CheckinPath = {
  login: 'portaria/login',
  logout: 'portaria/logout',
  sessoes: 'portaria/sessoes',
  validar: 'portaria/validar',
  offline: 'portaria/offline',
  sincronizar: 'portaria/sincronizar',
} as const;

/** The request header carrying the staff session token. */
export const CHECKIN_TOKEN_HEADER = 'x-checkin-token';

/** POST portaria/login body. */
export interface CheckinLoginBody {
  usuario: string;
  senha: string;
}

/** POST portaria/login result. */
export interface CheckinLoginResult {
  token: string;
  usuario: string;
  /** Sao Paulo `YYYY-MM-DD HH:MM:SS`. */
  expira_em: string;
}

/** A session staff may check tickets of (GET portaria/sessoes: yesterday to a week ahead). */
export interface CheckinSessao {
  idapresentacao: number;
  evento: string;
  dscapre: string;
  /** Sao Paulo `YYYY-MM-DD HH:MM`. */
  dthr: string;
}

/** What the gate answers about a code. */
export type CheckinResultado =
  | 'valido'
  | 'ja_usado'
  | 'outra_sessao'
  | 'cancelado'
  | 'revogado'
  | 'invalido';

/** POST portaria/validar body. */
export interface CheckinValidarBody {
  /** The QR code's signed code, or the short code typed from the ticket. */
  codigo: string;
  /** Only tickets of this session are let in (`outra_sessao` otherwise). */
  idapresentacao?: number;
  /** The gate's name (recorded with the scan). */
  portao?: string;
}

/** The answer about one code (POST portaria/validar, and each of portaria/sincronizar). */
export interface CheckinAnswer {
  resultado: CheckinResultado;
  /** The answer in the request's language. */
  mensagem: string;
  /** The ticket, when the code names one of the brand's. */
  ingresso?: {
    idingresso: number;
    iditem: number;
    idapresentacao: number;
    versao: number;
    evento: string;
    /** Sao Paulo `YYYY-MM-DD HH:MM`. */
    sessao: string;
    produto: string;
    portador: string | null;
  };
  /** `ja_usado` (and `valido`): when (Sao Paulo `YYYY-MM-DD HH:MM:SS`) and at which gate. */
  usado_em?: string;
  usado_portao?: string | null;
}

/** A ticket of GET portaria/offline. */
export interface CheckinOfflineIngresso {
  idingresso: number;
  versao: number;
  status: 'valido' | 'usado' | 'cancelado';
}

/** GET portaria/offline?idapresentacao= result. */
export interface CheckinOfflineResult {
  algoritmo: 'Ed25519';
  /** The brand's public key, SPKI DER base64url (WebCrypto `importKey('spki', …)`). */
  chave_publica: string;
  chave_publica_pem: string;
  idapresentacao: number;
  /** ISO 8601: scans the device makes after this are its own to sync. */
  gerado_em: string;
  ingressos: CheckinOfflineIngresso[];
}

/** One scan made offline. */
export interface CheckinLeitura {
  codigo: string;
  /** ISO 8601 instant of the scan on the device. */
  lido_em: string;
  portao?: string;
  idapresentacao?: number;
}

/** POST portaria/sincronizar body (at most 1000 scans). */
export interface CheckinSincronizarBody {
  leituras: CheckinLeitura[];
}

/**
 * POST portaria/sincronizar result: one answer per scan, in order. The first scan of a ticket
 * to reach the server is recorded (with its own time and gate) and answers `valido`; sending
 * the same scan again answers `valido` again, another scan of it `ja_usado`.
 */
export interface CheckinSincronizarResult {
  resultados: CheckinAnswer[];
}
