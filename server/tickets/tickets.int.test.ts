/**
 * Tickets: signed codes, the PDF (getImpressao and its route), the confirmation mail's
 * attachment reference, and the gate (check-in exactly once under concurrent scans, offline list
 * and sync). Runs on PostgreSQL whenever one is reachable (real concurrency), else PGlite.
 */
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  type PDFPage,
  type PDFRawStream,
} from 'pdf-lib';
import { encode } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '#schemas/contract.ts';
import type {
  CheckinAnswer,
  CheckinLoginResult,
  CheckinOfflineResult,
  CheckinSincronizarResult,
} from '#schemas/rest/checkin.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import {
  errorOf,
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P, testBrands } from '#server/test/test-brand.ts';
import { signTicketCode, verifyTicketCode } from './codes';
import { brandKeys } from './keys';
import { makeTicketsPdf } from './pdf';
import { printableTickets, reissueTicket, signedCodeOf } from './tickets';

const STAFF_PASSWORD = 'Portao@2026-test';
let s: TestServer;
let visita: number;
let buyer: string;

beforeAll(async () => {
  const brands = testBrands();
  brands[0]!.brand.checkin = {
    staff: [{ user: 'gate', passwordHash: await hash(STAFF_PASSWORD, { algorithm: 2 }) }],
  };
  s = await startTestServer({ brands, concurrency: true });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
  buyer = await s.login();
});
afterAll(async () => {
  await s?.close();
});

/** A paid order of `qtd` tickets of the buyer. */
async function paidOrder(qtd: number, token = buyer) {
  const r = await s.ok(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: P.inteira, qtd }], visita, []],
    {
      token,
    },
  );
  const pay = await s.ok(
    'SuperIngresso',
    'iniciarPagamento',
    [
      r.idmovimentacao,
      1,
      'http://localhost/checkout',
      await sandboxCard(s, SANDBOX_CARDS.approved),
      { parcelas: 1, idempotencyKey: `key-${randomUUID()}` },
    ],
    { token },
  );
  expect(pay.status).toBe('approved');
  const done = await s.ok(
    'SuperIngresso',
    'concluirPagamento',
    [{ idmovimentacao: r.idmovimentacao }],
    {
      token,
    },
  );
  expect(done.status).toBe('PA');
  const ids = await rows<{ id: number; iditem: number }>(
    s.db,
    sql`SELECT g.id, g.iditem FROM ingresso g JOIN movimentacao_item i ON i.id = g.iditem
        WHERE i.idmovimentacao = ${r.idmovimentacao} ORDER BY g.id`,
  );
  return { idmovimentacao: r.idmovimentacao, tickets: ids };
}

/** The decoded content stream of a page. */
function content(doc: PDFDocument, page: PDFPage): string {
  const c = page.node.Contents();
  const streams = c instanceof PDFArray ? c.asArray().map((r) => doc.context.lookup(r)) : [c];
  return streams
    .map((st) => Buffer.from(decodePDFRawStream(st as PDFRawStream).decode()).toString('latin1'))
    .join('\n');
}

/** The texts drawn on a page (pdf-lib writes WinAnsi hex strings). */
function texts(stream: string): string[] {
  return [...stream.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) =>
    Buffer.from(m[1]!, 'hex').toString('latin1'),
  );
}

/** The QR module matrix drawn on a page: the longest run of `re` operators, as a grid. */
function qrMatrix(stream: string): boolean[][] {
  const lines = stream.split('\n');
  let best: number[][] = [];
  let run: number[][] = [];
  for (const l of lines) {
    const m = /^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/.exec(l.trim());
    if (m) run.push([Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
    else {
      if (run.length > best.length) best = run;
      run = [];
    }
  }
  if (run.length > best.length) best = run;
  const mod = Math.min(...best.map((r) => r[3]!));
  const x0 = Math.min(...best.map((r) => r[0]!));
  const y0 = Math.min(...best.map((r) => r[1]!));
  const xs = Math.max(...best.map((r) => r[0]! + r[2]!));
  const ys = Math.max(...best.map((r) => r[1]! + r[3]!));
  // The quiet zone is light, so the drawn box is the matrix less four modules each side.
  const n = Math.round(Math.max(xs - x0, ys - y0) / mod);
  const grid = Array.from({ length: n }, () => Array.from({ length: n }, () => false));
  for (const [x, y, w] of best) {
    const row = n - 1 - Math.round((y! - y0) / mod);
    const c0 = Math.round((x! - x0) / mod);
    for (let c = c0; c < c0 + Math.round(w! / mod); c++) grid[row]![c] = true;
  }
  return grid;
}

/** uqr's matrix of `text` without its quiet zone (the part the PDF draws something in). */
function expectedMatrix(text: string): boolean[][] {
  const qr = encode(text, { ecc: 'M', border: 4 });
  return qr.data.slice(4, qr.size - 4).map((row) => row.slice(4, qr.size - 4));
}

async function staffToken(): Promise<string> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/portaria/login',
    payload: { usuario: 'gate', senha: STAFF_PASSWORD },
  });
  const body = res.json() as Envelope<CheckinLoginResult>;
  if (!('result' in body)) throw new Error(JSON.stringify(body));
  return body.result.token;
}

async function scan(token: string, body: Record<string, unknown>, lang = 'en_US') {
  const res = await s.app.inject({
    method: 'POST',
    url: `/portaria/validar?lang=${lang}`,
    headers: { 'x-checkin-token': token },
    payload: body,
  });
  return res.json() as Envelope<CheckinAnswer>;
}

const resultOf = <T>(e: Envelope<T>): T => {
  if (!('result' in e)) throw new Error(JSON.stringify(e));
  return e.result;
};

describe('signed ticket codes', () => {
  it('verify with the brand public key; a tampered code or another key is refused', async () => {
    const keys = await brandKeys(s.db, s.brands[0]!.id);
    const claims = { idingresso: 7, iditem: 11, idapresentacao: 3, versao: 2 };
    const code = signTicketCode(keys.privateKey, claims);
    expect(code).toMatch(/^[A-Za-z0-9_-]{106}$/);
    expect(verifyTicketCode(keys.publicKey, code)).toEqual(claims);
    // One character changed anywhere (payload or signature) breaks it.
    for (const at of [3, 10, 20, 60, 100]) {
      const c = code[at] === 'A' ? 'B' : 'A';
      expect(
        verifyTicketCode(keys.publicKey, code.slice(0, at) + c + code.slice(at + 1)),
      ).toBeNull();
    }
    const other = await brandKeys(s.db, s.brands[1]!.id);
    expect(verifyTicketCode(other.publicKey, code)).toBeNull();
    expect(verifyTicketCode(keys.publicKey, 'not a code')).toBeNull();
    // The key is made once and kept: the same after the cache is gone.
    const row = await firstRow<{ public_key: string }>(
      s.db,
      sql`SELECT public_key FROM ticket_chave WHERE brand = ${s.brands[0]!.id}`,
    );
    expect(row?.public_key).toBe(keys.publicKeySpki);
  });
});

describe('getImpressao and the PDF', () => {
  it('answers a link to a PDF with one page per ticket, its texts and the QR of the signed code', async () => {
    const order = await paidOrder(3);
    const res = await s.ok('SuperIngresso', 'getImpressao', [order.idmovimentacao], {
      token: buyer,
      lang: 'en_US',
    });
    expect(res.ingressos).toBe(3);
    expect(res.arquivo).toMatch(/^tickets-.+\.pdf$/);
    expect(res.url).toMatch(new RegExp(`^/tickets/impressao/${order.idmovimentacao}\\.pdf\\?t=`));
    // The link works without the session header (a new tab), in the buyer's language.
    const pdfRes = await s.app.inject({
      method: 'GET',
      url: res.url,
      headers: { host: 'localhost' },
    });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdfRes.rawPayload);
    expect(doc.getPageCount()).toBe(3);
    const first = content(doc, doc.getPage(0));
    const words = texts(first).join('\n');
    expect(words).toContain('Ticket 1 of 3');
    expect(words).toContain('ORDER LOCATOR');
    expect(words).toMatch(/R\$ \d+,\d\d/);
    const code = await signedCodeOf(s.db, s.brands[0]!.id, order.tickets[0]!.id);
    expect(qrMatrix(first)).toEqual(expectedMatrix(code!));

    // A tampered link, or one for another order, is refused; the session header works too.
    const bad = await s.app.inject({
      method: 'GET',
      url: res.url.replace(/t=([^&]{5})/, 't=AAAAA'),
    });
    expect((bad.json() as { error: { code: number } }).error.code).toBe(1);
    const withSession = await s.app.inject({
      method: 'GET',
      url: `/tickets/impressao/${order.idmovimentacao}.pdf?lang=pt_BR`,
      headers: { authorization: `Bearer ${buyer}` },
    });
    const pt = await PDFDocument.load(withSession.rawPayload);
    expect(texts(content(pt, pt.getPage(2))).join('\n')).toContain('Ingresso 3 de 3');

    // One unit's ticket.
    const one = await s.ok('SuperIngresso', 'getImpressao', [order.tickets[1]!.iditem, 'item'], {
      token: buyer,
    });
    expect(one.ingressos).toBe(1);
  });

  it('answers a localized error, never a 500, for an unpaid, a cancelled or another person’s order', async () => {
    const r = await s.ok(
      'SuperIngresso',
      'iniciarReserva',
      [[{ idproduto: P.inteira, qtd: 1 }], visita, []],
      {
        token: buyer,
      },
    );
    const unpaid = await s.rpc('SuperIngresso', 'getImpressao', [r.idmovimentacao], {
      token: buyer,
      lang: 'es_ES',
    });
    expect(unpaid.status).toBe(200);
    expect(errorOf(unpaid)).toEqual({
      code: 0,
      message: 'Las entradas se pueden imprimir cuando se confirme el pago.',
    });
    await s.db.execute(sql`UPDATE movimentacao SET status = 'CA' WHERE id = ${r.idmovimentacao}`);
    const cancelled = await s.rpc('SuperIngresso', 'getImpressao', [r.idmovimentacao], {
      token: buyer,
    });
    expect(errorOf(cancelled).message).toMatch(/cancelado/);
    const order = await paidOrder(1);
    const other = (await s.personToken(`other-${randomUUID()}@example.com`)).token;
    const foreign = await s.rpc('SuperIngresso', 'getImpressao', [order.idmovimentacao], {
      token: other,
    });
    expect(errorOf(foreign).message).toBe('Pedido ou ingresso não encontrado.');
    const noSession = await s.rpc('SuperIngresso', 'getImpressao', [order.idmovimentacao]);
    expect(errorOf(noSession).code).toBe(1);
  });

  it('queues the confirmation mail of a card payment with the tickets PDF as its attachment', async () => {
    const order = await paidOrder(2);
    const mail = await firstRow<{ kind: string; anexos: unknown }>(
      s.db,
      sql`SELECT kind, anexos FROM outbox WHERE kind = 'payment_confirmed'
          AND anexos @> ${JSON.stringify([{ idmovimentacao: order.idmovimentacao }])}::jsonb`,
    );
    expect(mail?.anexos).toEqual([{ kind: 'tickets', idmovimentacao: order.idmovimentacao }]);
    const { makeAttachments } = await import('#server/mail/attachments.ts');
    const files = await makeAttachments(s.db, s.brands[0]!, 'pt-BR', [
      { kind: 'tickets', idmovimentacao: order.idmovimentacao },
    ]);
    expect(files).toHaveLength(1);
    expect(files[0]!.filename).toMatch(/^ingressos-.+\.pdf$/);
    expect((await PDFDocument.load(files[0]!.content)).getPageCount()).toBe(2);
  });

  it('makes a 10-ticket PDF (time and size printed)', async () => {
    const order = await paidOrder(10);
    const owner = await firstRow<{ idpessoa: number }>(
      s.db,
      sql`SELECT idpessoa FROM movimentacao WHERE id = ${order.idmovimentacao}`,
    );
    const p = await printableTickets(s.db, s.brands[0]!, 'pt-BR', owner!.idpessoa, {
      idmovimentacao: order.idmovimentacao,
    });
    if (!p.ok) throw new Error(p.error);
    const t0 = performance.now();
    const pdf = await makeTicketsPdf({
      brand: s.brands[0]!,
      locale: 'pt-BR',
      localizador: p.localizador,
      tickets: p.tickets,
    });
    const ms = performance.now() - t0;
    console.log(`10-ticket PDF: ${ms.toFixed(1)} ms, ${pdf.length} bytes`);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(10);
  });
});

describe('check-in', () => {
  it('refuses a wrong staff password and calls without a staff session', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/portaria/login',
      payload: { usuario: 'gate', senha: 'wrong-password' },
    });
    expect((res.json() as { error: { code: number } }).error.code).toBe(0);
    const anon = await scan('nope', { codigo: 'X' });
    expect('error' in anon && anon.error.code).toBe(1);
  });

  it('marks a ticket used exactly once when ten gates post it at the same moment', async () => {
    const token = await staffToken();
    const order = await paidOrder(1);
    const code = (await signedCodeOf(s.db, s.brands[0]!.id, order.tickets[0]!.id))!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => scan(token, { codigo: code, portao: `Gate ${i}` })),
    );
    const results = answers.map((a) => resultOf(a).resultado);
    expect(results.filter((r) => r === 'valido')).toHaveLength(1);
    expect(results.filter((r) => r === 'ja_usado')).toHaveLength(9);
    const used = answers.map(resultOf).find((a) => a.resultado === 'ja_usado')!;
    expect(used.usado_em).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(used.mensagem).toMatch(/^Ticket already used on .+ \(Gate \d\)\.$/);
  });

  it('answers other session, cancelled, revoked (re-issued) and invalid codes', async () => {
    const token = await staffToken();
    const order = await paidOrder(3);
    const brand = s.brands[0]!.id;
    const [a, b, c] = order.tickets;
    const codeA = (await signedCodeOf(s.db, brand, a!.id))!;
    expect(
      resultOf(await scan(token, { codigo: codeA, idapresentacao: visita + 1000 })).resultado,
    ).toBe('outra_sessao');
    // Re-issued: the old signed code and the old short code no longer pass; the new ones do.
    const oldShort = (await firstRow<{ codigo: string }>(
      s.db,
      sql`SELECT codigo FROM ingresso WHERE id = ${a!.id}`,
    ))!.codigo;
    const fresh = (await reissueTicket(s.db, brand, a!.iditem))!;
    expect(fresh.versao).toBe(2);
    expect(resultOf(await scan(token, { codigo: codeA })).resultado).toBe('revogado');
    expect(resultOf(await scan(token, { codigo: oldShort })).resultado).toBe('invalido');
    expect(
      resultOf(await scan(token, { codigo: fresh.signedCode, idapresentacao: visita })).resultado,
    ).toBe('valido');
    // Cancelled unit.
    await s.db.execute(sql`UPDATE movimentacao_item SET status = 'CA' WHERE id = ${b!.iditem}`);
    const codeB = (await signedCodeOf(s.db, brand, b!.id))!;
    const cancelled = resultOf(await scan(token, { codigo: codeB }, 'pt_BR'));
    expect(cancelled).toMatchObject({
      resultado: 'cancelado',
      mensagem: 'Ingresso cancelado. Entrada não permitida.',
    });
    // Forged: a valid code with one character changed; and a code of another brand's key.
    const codeC = (await signedCodeOf(s.db, brand, c!.id))!;
    const forged = codeC.slice(0, 50) + (codeC[50] === 'A' ? 'B' : 'A') + codeC.slice(51);
    expect(resultOf(await scan(token, { codigo: forged })).resultado).toBe('invalido');
    // The typed short code works.
    const shortC = (await firstRow<{ codigo: string }>(
      s.db,
      sql`SELECT codigo FROM ingresso WHERE id = ${c!.id}`,
    ))!.codigo;
    expect(resultOf(await scan(token, { codigo: shortC.toLowerCase() })).resultado).toBe('valido');
  });

  it('hands a device the public key and the session list, and syncs offline scans once', async () => {
    const token = await staffToken();
    const order = await paidOrder(2);
    const brand = s.brands[0]!.id;
    const res = await s.app.inject({
      method: 'GET',
      url: `/portaria/offline?idapresentacao=${visita}`,
      headers: { 'x-checkin-token': token },
    });
    const list = resultOf(res.json() as Envelope<CheckinOfflineResult>);
    expect(list.algoritmo).toBe('Ed25519');
    const { createPublicKey } = await import('node:crypto');
    const pub = createPublicKey({
      key: Buffer.from(list.chave_publica, 'base64url'),
      format: 'der',
      type: 'spki',
    });
    const [x, y] = order.tickets;
    const codeX = (await signedCodeOf(s.db, brand, x!.id))!;
    const codeY = (await signedCodeOf(s.db, brand, y!.id))!;
    // The device verifies offline with the key it was handed.
    expect(verifyTicketCode(pub, codeX)?.idingresso).toBe(x!.id);
    expect(list.ingressos).toContainEqual({ idingresso: x!.id, versao: 1, status: 'valido' });

    const t1 = new Date(Date.now() - 60_000).toISOString();
    const t2 = new Date(Date.now() - 30_000).toISOString();
    const batch = {
      leituras: [
        { codigo: codeX, lido_em: t2, portao: 'B' },
        { codigo: codeX, lido_em: t1, portao: 'A' },
        { codigo: codeY, lido_em: t1, portao: 'A' },
      ],
    };
    const sync = async () =>
      resultOf(
        (
          await s.app.inject({
            method: 'POST',
            url: '/portaria/sincronizar',
            headers: { 'x-checkin-token': token },
            payload: batch,
          })
        ).json() as Envelope<CheckinSincronizarResult>,
      ).resultados.map((r) => r.resultado);
    // The earliest scan of the ticket is recorded; the same batch again changes nothing.
    expect(await sync()).toEqual(['ja_usado', 'valido', 'valido']);
    expect(await sync()).toEqual(['ja_usado', 'valido', 'valido']);
    const row = await firstRow<{ usado_portao: string }>(
      s.db,
      sql`SELECT usado_portao FROM ingresso WHERE id = ${x!.id}`,
    );
    expect(row?.usado_portao).toBe('A');
    // An online scan after the sync: already used.
    expect(resultOf(await scan(token, { codigo: codeY })).resultado).toBe('ja_usado');
  });
});
