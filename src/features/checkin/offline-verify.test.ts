import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CheckinOfflineIngresso } from '#schemas/rest/checkin.ts';
import {
  decideOffline,
  importBrandKey,
  looksSigned,
  type TicketClaims,
  verifySignedCode,
} from './offline-verify';

/** A code as the server makes it (server/tickets/codes.ts), signed here with node:crypto. */
function signCode(privateKey: KeyObject, c: TicketClaims, format = 1): string {
  const payload = Buffer.alloc(15);
  payload.writeUInt8(format, 0);
  payload.writeUInt32BE(c.idingresso, 1);
  payload.writeUInt32BE(c.iditem, 5);
  payload.writeUInt32BE(c.idapresentacao, 9);
  payload.writeUInt16BE(c.versao, 13);
  const sig = sign(null, Buffer.concat([Buffer.from('SF-TICKET'), payload]), privateKey);
  return Buffer.concat([payload, sig]).toString('base64url');
}

const brand = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const spki = (k: KeyObject) => k.export({ type: 'spki', format: 'der' }).toString('base64url');
const CLAIMS: TicketClaims = { idingresso: 70_000, iditem: 123_456, idapresentacao: 7, versao: 2 };

describe('verifySignedCode (WebCrypto Ed25519)', () => {
  it('accepts the server’s code and reads its claims', async () => {
    const key = await importBrandKey(spki(brand.publicKey));
    expect(key).not.toBeNull();
    const code = signCode(brand.privateKey, CLAIMS);
    expect(code).toHaveLength(106);
    expect(looksSigned(code)).toBe(true);
    expect(await verifySignedCode(key!, ` ${code}\n`)).toEqual(CLAIMS);
  });

  it('refuses another brand’s signature, an altered payload, a wrong format, garbage', async () => {
    const key = (await importBrandKey(spki(brand.publicKey)))!;
    expect(await verifySignedCode(key, signCode(other.privateKey, CLAIMS))).toBeNull();
    const code = signCode(brand.privateKey, CLAIMS);
    // Ticket id 70000 → 70001: the last payload byte of the id changes.
    const raw = Buffer.from(code, 'base64url');
    raw[4] = (raw[4]! + 1) % 256;
    expect(await verifySignedCode(key, raw.toString('base64url'))).toBeNull();
    expect(await verifySignedCode(key, signCode(brand.privateKey, CLAIMS, 2))).toBeNull();
    expect(await verifySignedCode(key, `${code.slice(0, -2)}A`)).toBeNull();
    expect(await verifySignedCode(key, 'ABCDEFGH2345')).toBeNull();
    expect(await verifySignedCode(key, '!'.repeat(106))).toBeNull();
  });

  it('a key that is not Ed25519 SPKI gives no key (the gate says it cannot verify)', async () => {
    expect(await importBrandKey('AAAA')).toBeNull();
    expect(await importBrandKey('not base64url!')).toBeNull();
  });
});

describe('decideOffline', () => {
  const list: CheckinOfflineIngresso[] = [
    { idingresso: 70_000, versao: 2, status: 'valido' },
    { idingresso: 70_001, versao: 1, status: 'usado' },
    { idingresso: 70_002, versao: 1, status: 'cancelado' },
  ];
  const c = (idingresso: number, versao = 1, idapresentacao = 7): TicketClaims => ({
    idingresso,
    iditem: 1,
    idapresentacao,
    versao,
  });

  it('valid once; after a local scan, already used with its time and gate', () => {
    expect(decideOffline(c(70_000, 2), 7, list, {})).toEqual({ resultado: 'valido' });
    const used = { '70000': { lido_em: '2026-11-26T13:05:00.000Z', portao: 'Norte' } };
    expect(decideOffline(c(70_000, 2), 7, list, used)).toEqual({
      resultado: 'ja_usado',
      local: used['70000'],
    });
  });

  it('used or cancelled before the list was made; re-issued; another session', () => {
    expect(decideOffline(c(70_001), 7, list, {})).toEqual({ resultado: 'ja_usado', local: null });
    expect(decideOffline(c(70_002), 7, list, {})).toEqual({ resultado: 'cancelado' });
    expect(decideOffline(c(70_000, 1), 7, list, {})).toEqual({ resultado: 'revogado' });
    expect(decideOffline(c(70_000, 2, 8), 7, list, {})).toEqual({
      resultado: 'outra_sessao',
      idapresentacao: 8,
    });
  });

  it('a genuine ticket of this session issued after the list was downloaded is valid', () => {
    expect(decideOffline(c(80_000), 7, list, {})).toEqual({ resultado: 'valido' });
  });
});
