/**
 * Signed ticket codes: what the QR code of a ticket carries. A code is
 * `base64url(payload ‖ Ed25519 signature)`, the payload 15 bytes:
 *
 * | bytes | field |
 * |---|---|
 * | 0 | format (1) |
 * | 1–4 | ticket id (`ingresso.id`), big-endian |
 * | 5–8 | unit id (`movimentacao_item.id`) |
 * | 9–12 | session id (`apresentacao.id`) |
 * | 13–14 | version (`ingresso.versao`: a re-issue adds one) |
 *
 * The signature is over `"SF-TICKET" ‖ payload` with the brand's private key (server/tickets/
 * keys.ts), so a code cannot be guessed or altered, and a gate device holding only the brand's
 * public key tells a genuine code from a forged one offline. Ed25519 signatures are
 * deterministic: the same ticket and version always give the same code, so it is not stored.
 * Whether a genuine code is still good (not used, cancelled or re-issued) is the database's
 * answer, or the device's copy of it (`GET portaria/offline`).
 */
import { type KeyObject, sign, verify } from 'node:crypto';

/** The code's format byte. */
const FORMAT = 1;
const PAYLOAD_BYTES = 15;
const SIGNATURE_BYTES = 64;
/** Domain separation: a ticket signature never verifies as another kind of signed text. */
const CONTEXT = Buffer.from('SF-TICKET', 'ascii');

/** What a ticket code says. */
export interface TicketClaims {
  idingresso: number;
  iditem: number;
  idapresentacao: number;
  versao: number;
}

function payloadOf(c: TicketClaims): Buffer {
  const b = Buffer.alloc(PAYLOAD_BYTES);
  b.writeUInt8(FORMAT, 0);
  b.writeUInt32BE(c.idingresso, 1);
  b.writeUInt32BE(c.iditem, 5);
  b.writeUInt32BE(c.idapresentacao, 9);
  b.writeUInt16BE(c.versao & 0xffff, 13);
  return b;
}

/** The signed code of a ticket (106 base64url characters). */
export function signTicketCode(privateKey: KeyObject, c: TicketClaims): string {
  const payload = payloadOf(c);
  const sig = sign(null, Buffer.concat([CONTEXT, payload]), privateKey);
  return Buffer.concat([payload, sig]).toString('base64url');
}

/** The claims of a code whose signature `publicKey` verifies, or null (malformed, forged). */
export function verifyTicketCode(publicKey: KeyObject, code: string): TicketClaims | null {
  const text = code.trim();
  if (!/^[A-Za-z0-9_-]{100,120}$/.test(text)) return null;
  const raw = Buffer.from(text, 'base64url');
  if (raw.length !== PAYLOAD_BYTES + SIGNATURE_BYTES) return null;
  const payload = raw.subarray(0, PAYLOAD_BYTES);
  if (payload.readUInt8(0) !== FORMAT) return null;
  const sig = raw.subarray(PAYLOAD_BYTES);
  let ok = false;
  try {
    ok = verify(null, Buffer.concat([CONTEXT, payload]), publicKey, sig);
  } catch {
    ok = false;
  }
  if (!ok) return null;
  return {
    idingresso: payload.readUInt32BE(1),
    iditem: payload.readUInt32BE(5),
    idapresentacao: payload.readUInt32BE(9),
    versao: payload.readUInt16BE(13),
  };
}

/** Whether `text` has the shape of a signed code (else it may be a typed short code). */
export function looksSigned(text: string): boolean {
  return /^[A-Za-z0-9_-]{100,120}$/.test(text.trim());
}

/**
 * A short signed token (a PDF download link, ...): `base64url(JSON) . base64url(signature)`
 * over `context ‖ JSON`. `context` keeps one kind of token from passing for another.
 */
export function signToken(privateKey: KeyObject, context: string, claims: object): string {
  const body = Buffer.from(JSON.stringify(claims), 'utf8');
  const sig = sign(null, Buffer.concat([Buffer.from(`${context}\n`), body]), privateKey);
  return `${body.toString('base64url')}.${sig.toString('base64url')}`;
}

/** The claims of a token of `context` that `publicKey` verifies, or null. */
export function verifyToken<T>(publicKey: KeyObject, context: string, token: string): T | null {
  const [b, s, extra] = token.split('.');
  if (!b || !s || extra !== undefined || b.length > 2000) return null;
  const body = Buffer.from(b, 'base64url');
  try {
    if (
      !verify(
        null,
        Buffer.concat([Buffer.from(`${context}\n`), body]),
        publicKey,
        Buffer.from(s, 'base64url'),
      )
    ) {
      return null;
    }
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    return null;
  }
}
