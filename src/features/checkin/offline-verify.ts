/**
 * The gate's own check of a signed ticket code, for when the server cannot be reached
 * (server/tickets/codes.ts makes the codes; schemas/rest/checkin.ts describes them): the
 * Ed25519 signature with the brand's public key (WebCrypto), then the device's copy of the
 * session's tickets and its own earlier scans. No node:crypto, no Buffer: runs in the browser
 * (and in Vitest's node environment, whose `crypto.subtle` has Ed25519 too).
 */
import type { CheckinOfflineIngresso } from '#schemas/rest/checkin.ts';

const PAYLOAD_BYTES = 15;
const SIGNATURE_BYTES = 64;
const FORMAT = 1;
/** Domain separation, as the server signs: `"SF-TICKET" ‖ payload`. */
const CONTEXT = new TextEncoder().encode('SF-TICKET');
const SIGNED_SHAPE = /^[A-Za-z0-9_-]{100,120}$/;

/** What a genuine ticket code says. */
export interface TicketClaims {
  idingresso: number;
  iditem: number;
  idapresentacao: number;
  versao: number;
}

/** Whether `text` has the shape of a signed code (else it may be a typed short code). */
export function looksSigned(text: string): boolean {
  return SIGNED_SHAPE.test(text.trim());
}

/** base64url (no padding) to bytes, or null when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * The brand's public key (SPKI DER, base64url, as GET portaria/offline gives it) for
 * verifying, or null when this browser has no Ed25519 in WebCrypto (the gate then says it
 * cannot verify offline).
 */
export async function importBrandKey(spki: string): Promise<CryptoKey | null> {
  const der = fromBase64Url(spki);
  if (!der || typeof crypto === 'undefined' || !crypto.subtle) return null;
  try {
    return await crypto.subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return null;
  }
}

/** The claims of `code` when `key` verifies its signature; null when malformed or forged. */
export async function verifySignedCode(key: CryptoKey, code: string): Promise<TicketClaims | null> {
  const text = code.trim();
  if (!looksSigned(text)) return null;
  const raw = fromBase64Url(text);
  if (!raw || raw.length !== PAYLOAD_BYTES + SIGNATURE_BYTES) return null;
  const payload = raw.subarray(0, PAYLOAD_BYTES);
  if (payload[0] !== FORMAT) return null;
  const signed = new Uint8Array(CONTEXT.length + PAYLOAD_BYTES);
  signed.set(CONTEXT, 0);
  signed.set(payload, CONTEXT.length);
  let ok = false;
  try {
    ok = await crypto.subtle.verify('Ed25519', key, raw.slice(PAYLOAD_BYTES), signed);
  } catch {
    ok = false;
  }
  if (!ok) return null;
  const view = new DataView(raw.buffer, raw.byteOffset, PAYLOAD_BYTES);
  return {
    idingresso: view.getUint32(1),
    iditem: view.getUint32(5),
    idapresentacao: view.getUint32(9),
    versao: view.getUint16(13),
  };
}

/** A scan this device recorded (online or offline) of a ticket of the session. */
export interface LocalUse {
  /** ISO 8601 instant. */
  lido_em: string;
  portao: string;
}

/** What the device decides about a genuine code. */
export type OfflineDecision =
  | { resultado: 'valido' }
  | { resultado: 'ja_usado'; local: LocalUse | null }
  | { resultado: 'outra_sessao'; idapresentacao: number }
  | { resultado: 'cancelado' }
  | { resultado: 'revogado' };

/**
 * The device's answer about a ticket whose code it verified, from the list the server gave
 * it (`tickets`, of session `idapresentacao`) and its own scans (`used`, by ticket id).
 *
 * - another session's ticket: `outra_sessao`;
 * - an older version than the list's (the code was re-issued): `revogado`;
 * - cancelled in the list: `cancelado`;
 * - scanned here before (`used`), or used before the list was made: `ja_usado`;
 * - otherwise `valido`, also for a ticket missing from the list: its signature is genuine and
 *   names this session, so it was issued after the list was downloaded.
 */
export function decideOffline(
  claims: TicketClaims,
  idapresentacao: number,
  tickets: readonly CheckinOfflineIngresso[],
  used: Readonly<Record<string, LocalUse>>,
): OfflineDecision {
  if (claims.idapresentacao !== idapresentacao) {
    return { resultado: 'outra_sessao', idapresentacao: claims.idapresentacao };
  }
  const entry = tickets.find((t) => t.idingresso === claims.idingresso);
  if (entry && claims.versao < entry.versao) return { resultado: 'revogado' };
  if (entry?.status === 'cancelado' && claims.versao === entry.versao) {
    return { resultado: 'cancelado' };
  }
  const local = used[String(claims.idingresso)];
  if (local) return { resultado: 'ja_usado', local };
  if (entry?.status === 'usado') return { resultado: 'ja_usado', local: null };
  return { resultado: 'valido' };
}
