/**
 * Wallet passes: imprimirWallet on a paid ticket answers a .pkpass address and a Google Wallet
 * link. The .pkpass is opened as a zip and checked (manifest hashes, the PKCS#7 signature over
 * the manifest with the development certificate, pass.json fields); the Google JWT is verified
 * with the development key. Unpaid, cancelled, re-issued and other people's tickets are refused.
 */
import { createHash, createPublicKey, randomUUID, verify, X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletPassResult } from '#schemas/contract.ts';
import { firstRow, rows, toDate } from '#server/db/sql.ts';
import { errorOf, payApproved, startTestServer, type TestServer } from '#server/test/harness.ts';
import { E, P } from '#server/test/test-brand.ts';
import { reissueTicket, signedCodeOf } from '#server/tickets/tickets.ts';
import { DEV_ISSUER_ID, DEV_PASS_TYPE_ID, devWalletCredentials } from './credentials';
import { GOOGLE_SAVE_URL } from './google';
import { spIso } from './ticket';
import { PKPASS_TYPE } from './wallet';

let s: TestServer;
let visita: number;
let buyer: string;

beforeAll(async () => {
  s = await startTestServer();
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
  buyer = await s.login();
});
afterAll(async () => {
  await s?.close();
});

/** A paid order of one ticket of the buyer: its unit, ticket and short code. */
async function paidTicket(token = buyer) {
  const r = await s.ok(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: P.inteira, qtd: 1 }], visita, []],
    { token },
  );
  await payApproved(s, token, r.idmovimentacao);
  const t = await firstRow<{ id: number; iditem: number; codigo: string; localizador: string }>(
    s.db,
    sql`SELECT g.id, g.iditem, g.codigo, m.localizador FROM ingresso g
        JOIN movimentacao_item i ON i.id = g.iditem
        JOIN movimentacao m ON m.id = i.idmovimentacao
        WHERE i.idmovimentacao = ${r.idmovimentacao}`,
  );
  if (!t) throw new Error('no ticket issued');
  return { idmovimentacao: r.idmovimentacao, ...t };
}

/** The files of a zip (stored or deflated entries), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLen);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

/**
 * Checks a detached PKCS#7 signature over `content` by hand: the signer's messageDigest
 * attribute is the content's SHA-1, and the signer certificate's key verifies the signature over
 * the DER of the authenticated attributes (as a SET). Returns the signer certificate (PEM).
 */
function verifyDetached(signature: Buffer, content: Buffer): string {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(signature.toString('binary')));
  const seq = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];
  const signedData = seq(seq(seq(asn1)[1]!)[0]!);
  // version, digestAlgorithms, contentInfo, [0] certificates, ..., signerInfos (the last SET)
  const certs = signedData.find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC)!;
  const signerInfo = seq(signedData[signedData.length - 1]!)[0]!;
  const parts = seq(signerInfo);
  const authAttrs = parts.find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC)!;
  const sig = Buffer.from(parts[parts.length - 1]!.value as string, 'binary');
  let digest: Buffer | null = null;
  for (const attr of seq(authAttrs)) {
    const [oid, values] = seq(attr);
    if (forge.asn1.derToOid(oid!.value as string) === forge.pki.oids.messageDigest) {
      digest = Buffer.from(seq(values!)[0]!.value as string, 'binary');
    }
  }
  expect(digest).toEqual(createHash('sha1').update(content).digest());
  const asSet = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    seq(authAttrs),
  );
  const signed = Buffer.from(forge.asn1.toDer(asSet).getBytes(), 'binary');
  const pems = seq(certs).map((c) => forge.pki.certificateToPem(forge.pki.certificateFromAsn1(c)));
  const signer = pems.find((pem) => {
    const key = new X509Certificate(pem).publicKey;
    return verify('sha1', signed, key, sig);
  });
  expect(signer).toBeDefined();
  return signer!;
}

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

async function wallet(token: string, iditem: number, lang = 'en_US') {
  return s.rpc('SuperIngressoWeb', 'imprimirWallet', [token, iditem], { token: buyer, lang });
}

describe('imprimirWallet', () => {
  it('answers a signed .pkpass with the ticket and a Google Wallet link that verifies', async () => {
    const ticket = await paidTicket();
    const answer = await wallet(ticket.codigo, ticket.iditem);
    if (!('result' in answer.body)) throw new Error(JSON.stringify(answer.body));
    const res: WalletPassResult = answer.body.result;
    expect(res.apple).toMatch(new RegExp(`^/tickets/wallet/${ticket.iditem}\\.pkpass\\?t=`));
    expect(res.arquivo).toBe(`ticket-${ticket.localizador}-${ticket.codigo}.pkpass`);
    const code = await signedCodeOf(s.db, s.brands[0]!.id, ticket.id);
    const session = await firstRow<{ dthr: unknown }>(
      s.db,
      sql`SELECT a.dthr FROM movimentacao_item i JOIN estoque e ON e.id = i.idestoque
          JOIN apresentacao a ON a.id = e.idapresentacao WHERE i.id = ${ticket.iditem}`,
    );
    const sessao = toDate(session!.dthr);

    // The .pkpass: a plain link (no session header) works.
    const dl = await s.app.inject({ method: 'GET', url: res.apple });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe(PKPASS_TYPE);
    expect(dl.headers['content-disposition']).toContain(res.arquivo);
    const files = unzip(dl.rawPayload);
    for (const f of ['pass.json', 'manifest.json', 'signature', 'icon.png', 'icon@2x.png']) {
      expect(files.has(f), f).toBe(true);
    }
    // The manifest names every other file with its SHA-1.
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<
      string,
      string
    >;
    const hashed = [...files.keys()].filter((f) => f !== 'manifest.json' && f !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const f of hashed) {
      expect(manifest[f], f).toBe(createHash('sha1').update(files.get(f)!).digest('hex'));
    }
    // The signature: PKCS#7 detached over the manifest, by the development pass certificate.
    const creds = devWalletCredentials();
    const signerPem = verifyDetached(files.get('signature')!, files.get('manifest.json')!);
    expect(new X509Certificate(signerPem).fingerprint256).toBe(
      new X509Certificate(creds.apple.signerCert).fingerprint256,
    );
    expect(new X509Certificate(signerPem).checkIssued(new X509Certificate(creds.apple.wwdr))).toBe(
      true,
    );
    if (hasOpenssl) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-wallet-'));
      try {
        writeFileSync(path.join(dir, 'signature'), files.get('signature')!);
        writeFileSync(path.join(dir, 'manifest.json'), files.get('manifest.json')!);
        writeFileSync(path.join(dir, 'wwdr.pem'), creds.apple.wwdr);
        // With the development CA as the only trust anchor: the whole chain verifies.
        execFileSync(
          'openssl',
          [
            'smime',
            '-verify',
            '-binary',
            '-inform',
            'DER',
            '-in',
            path.join(dir, 'signature'),
            '-content',
            path.join(dir, 'manifest.json'),
            '-CAfile',
            path.join(dir, 'wwdr.pem'),
            '-purpose',
            'any',
            '-out',
            path.join(dir, 'out'),
          ],
          { stdio: 'pipe' },
        );
        // A changed manifest does not verify.
        writeFileSync(path.join(dir, 'manifest.json'), '{}');
        expect(() =>
          execFileSync(
            'openssl',
            [
              'smime',
              '-verify',
              '-noverify',
              '-binary',
              '-inform',
              'DER',
              '-in',
              path.join(dir, 'signature'),
              '-content',
              path.join(dir, 'manifest.json'),
              '-out',
              path.join(dir, 'out'),
            ],
            { stdio: 'pipe' },
          ),
        ).toThrow();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: DEV_PASS_TYPE_ID,
      serialNumber: `ticket-${ticket.id}-v1`,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: code, altText: ticket.codigo }],
    });
    // passkit-generator writes dates in UTC (W3C): the same instant as the session's.
    expect(new Date(pass.relevantDate).getTime()).toBe(sessao.getTime());
    expect(pass.backgroundColor).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    const fields = [
      ...pass.eventTicket.headerFields,
      ...pass.eventTicket.primaryFields,
      ...pass.eventTicket.secondaryFields,
      ...pass.eventTicket.auxiliaryFields,
      ...pass.eventTicket.backFields,
    ] as { key: string; label: string; value: string }[];
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(byKey.locator).toMatchObject({ label: 'Order locator', value: ticket.localizador });
    expect(byKey.event?.value).toBeTruthy();
    expect(byKey.session?.label).toBe('Date and time');
    expect(byKey.product?.value).toBeTruthy();
    expect(byKey.code?.value).toBe(ticket.codigo);
    expect(byKey.development?.value).toMatch(/not accepted by real iPhones/);

    // The Google link: an RS256 JWT the development service account signed.
    expect(res.google.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = res.google.slice(GOOGLE_SAVE_URL.length);
    const { payload, protectedHeader } = await jwtVerify(
      jwt,
      createPublicKey(creds.google.privateKey),
      { audience: 'google', issuer: creds.google.clientEmail, algorithms: ['RS256'] },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    const body = payload.payload as {
      eventTicketClasses: Record<string, unknown>[];
      eventTicketObjects: Record<string, unknown>[];
    };
    const object = body.eventTicketObjects[0]!;
    const klass = body.eventTicketClasses[0]!;
    expect(object).toMatchObject({
      id: `${DEV_ISSUER_ID}.${s.brands[0]!.id}-ticket-${ticket.id}-v1`,
      classId: klass.id,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: code },
      ticketNumber: ticket.localizador,
    });
    expect(String(klass.id).startsWith(`${DEV_ISSUER_ID}.`)).toBe(true);
    expect(klass).toMatchObject({ dateTime: { start: spIso(sessao) } });
    expect(klass.eventName).toMatchObject({ defaultValue: { language: 'en-US' } });
    expect(jwt.length).toBeLessThan(4000);
  });

  it('takes the signed code as the ticket token, and refuses a code the ticket no longer has', async () => {
    const ticket = await paidTicket();
    const code = await signedCodeOf(s.db, s.brands[0]!.id, ticket.id);
    const bySigned = await wallet(code!, ticket.iditem);
    expect('result' in bySigned.body).toBe(true);
    // A new holder re-issues the ticket: the old short and signed codes are refused.
    await reissueTicket(s.db, s.brands[0]!.id, ticket.iditem);
    for (const old of [ticket.codigo, code!]) {
      const refused = await wallet(old, ticket.iditem, 'pt_BR');
      expect(refused.status).toBe(200);
      expect(errorOf(refused)).toEqual({
        code: 0,
        message:
          'O código deste ingresso mudou (por exemplo, um novo portador). Atualize Meus pedidos e tente de novo.',
      });
    }
    const fresh = await firstRow<{ codigo: string }>(
      s.db,
      sql`SELECT codigo FROM ingresso WHERE id = ${ticket.id}`,
    );
    const ok = await wallet(fresh!.codigo, ticket.iditem);
    if (!('result' in ok.body)) throw new Error(JSON.stringify(ok.body));
    const pass = unzip(
      (await s.app.inject({ method: 'GET', url: ok.body.result.apple })).rawPayload,
    );
    expect(JSON.parse(pass.get('pass.json')!.toString('utf8')).serialNumber).toBe(
      `ticket-${ticket.id}-v2`,
    );
  });

  it('refuses, localized and never with a 500, unpaid, cancelled and other people’s tickets', async () => {
    // Unpaid: a held unit has no ticket yet.
    const held = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], visita, []],
      { token: buyer },
    );
    const [unit] = await rows<{ id: number }>(
      s.db,
      sql`SELECT id FROM movimentacao_item WHERE idmovimentacao = ${held.idmovimentacao}`,
    );
    const unpaid = await wallet('K7Q2M4ZP9RTA', unit!.id, 'es_ES');
    expect(unpaid.status).toBe(200);
    expect(errorOf(unpaid)).toEqual({
      code: 0,
      message: 'El pase de cartera estará disponible cuando se confirme el pago.',
    });
    // Let the hold go, or the next purchase would add to this open cart.
    await s.ok('SuperIngresso', 'cancelarReserva', [held.idmovimentacao, null, false, false], {
      token: buyer,
    });

    // Someone else's ticket: not found, by RPC and by the route with their own session.
    const ticket = await paidTicket();
    const other = (await s.personToken(`other-${randomUUID()}@example.com`)).token;
    const foreign = await s.rpc(
      'SuperIngressoWeb',
      'imprimirWallet',
      [ticket.codigo, ticket.iditem],
      {
        token: other,
        lang: 'en_US',
      },
    );
    expect(foreign.status).toBe(200);
    expect(errorOf(foreign)).toEqual({ code: 0, message: 'Order or ticket not found.' });
    const foreignPass = await s.app.inject({
      method: 'GET',
      url: `/tickets/wallet/${ticket.iditem}.pkpass?lang=en_US`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(foreignPass.statusCode).toBeLessThan(500);
    expect(foreignPass.headers['content-type']).not.toBe(PKPASS_TYPE);
    // The buyer's link does not open another unit, and a tampered token is refused.
    const mine = await wallet(ticket.codigo, ticket.iditem);
    if (!('result' in mine.body)) throw new Error(JSON.stringify(mine.body));
    const moved = await s.app.inject({
      method: 'GET',
      url: mine.body.result.apple.replace(`/${ticket.iditem}.pkpass`, `/${unit!.id}.pkpass`),
    });
    expect((moved.json() as { error: { code: number } }).error.code).toBe(1);
    const tampered = await s.app.inject({
      method: 'GET',
      url: mine.body.result.apple.replace(/t=([^&]{5})/, 't=AAAAA'),
    });
    expect((tampered.json() as { error: { code: number } }).error.code).toBe(1);
    const noSession = await s.rpc('SuperIngressoWeb', 'imprimirWallet', [
      ticket.codigo,
      ticket.iditem,
    ]);
    expect(errorOf(noSession).code).toBe(1);

    // Cancelled: the unit's ticket is gone, for the RPC and for a link taken before.
    await s.db.execute(sql`UPDATE movimentacao_item SET status = 'CA' WHERE id = ${ticket.iditem}`);
    const cancelled = await wallet(ticket.codigo, ticket.iditem, 'en_US');
    expect(errorOf(cancelled)).toEqual({
      code: 0,
      message: 'This ticket was cancelled: there is no wallet pass for it.',
    });
    const late = await s.app.inject({ method: 'GET', url: mine.body.result.apple });
    expect(late.statusCode).toBeLessThan(500);
    expect(late.headers['content-type']).not.toBe(PKPASS_TYPE);
  });
});
