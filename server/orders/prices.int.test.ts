/**
 * One price per ticket (issue 39): a ticket bought with a coupon and paid in instalments with
 * interest has the price the event page sold it for (its price with its fee) in My orders'
 * answer, in the confirmation mail and on the PDF; the coupon and the interest are lines of
 * their own, and the mail's total is what the card was charged.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  type PDFPage,
  type PDFRawStream,
} from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TicketsCartResult } from '#schemas/contract.ts';
import { firstRow } from '#server/db/sql.ts';
import {
  SANDBOX_CARDS,
  sandboxCard,
  startTestServer,
  type TestServer,
} from '#server/test/harness.ts';
import { E, P, testBrand, testBrands, testCatalog } from '#server/test/test-brand.ts';
import { brl } from '#server/tickets/pdf.ts';

let s: TestServer;
let visita: number;
beforeAll(async () => {
  const [a] = testBrands();
  // Interest-free up to 2x, then 1.99% a month; a 10% coupon (of the price, never of the fee).
  const brand = testBrand(
    'test-a',
    {
      ...a!.brand,
      payments: { ...a!.brand.payments, interestFreeInstallments: 2, monthlyInterestRate: 1.99 },
    },
    { ...testCatalog(), cupons: [{ codigo: 'PCT10', tipo: 'percentual', valor: 10 }] },
  );
  s = await startTestServer({ brands: [brand] });
  visita = (await s.ok('SuperIngresso', 'getApresentacoes', [E.visita])).apresentacoes[0]!
    .idapresentacao;
});
afterAll(async () => {
  await s?.close();
});

/** The texts drawn on every page of a PDF (pdf-lib writes WinAnsi hex strings). */
function pdfTexts(doc: PDFDocument): string[] {
  return doc.getPages().map((page: PDFPage) => {
    const c = page.node.Contents();
    const streams = c instanceof PDFArray ? c.asArray().map((r) => doc.context.lookup(r)) : [c];
    const stream = streams
      .map((st) => Buffer.from(decodePDFRawStream(st as PDFRawStream).decode()).toString('latin1'))
      .join('\n');
    return [...stream.matchAll(/<([0-9A-Fa-f]*)> Tj/g)]
      .map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'))
      .join('\n');
  });
}

it('a ticket with a coupon, paid in instalments with interest, has one price in My orders, the mail and the PDF', async () => {
  const { token } = await s.personToken(`precos-${randomUUID()}@example.com`);
  // The event page sells the full-price ticket at its price with its fee.
  const session = await s.ok('SuperIngresso', 'getProdutos', [visita], { token });
  const inteira = session.tipo_produtos
    .flatMap((t) => t.produtos)
    .find((p) => p.idproduto === P.inteira)!;
  expect(inteira.preco_ctaxa).toBe(55);
  const price = brl(5500);

  const r = await s.ok(
    'SuperIngresso',
    'iniciarReserva',
    [[{ idproduto: P.inteira, qtd: 2 }], visita, []],
    { token },
  );
  await s.ok('SuperIngresso', 'aplicarCupom', [r.idmovimentacao, 'PCT10'], { token });
  const gw = await s.ok('SuperIngresso', 'getGatewayPagamento', [r.idmovimentacao], { token });
  // 2 × 55.00 − 2 × 5.00 off = 100.00; 3x with interest.
  const three = gw.parcelas.find((p) => p.parcela === 3)!;
  expect(three.juros).toBeGreaterThan(0);
  expect(three.total).toBeCloseTo(100 + three.juros!, 2);
  const pay = await s.ok(
    'SuperIngresso',
    'iniciarPagamento',
    [
      r.idmovimentacao,
      1,
      '',
      await sandboxCard(s, SANDBOX_CARDS.approved),
      { parcelas: 3, idempotencyKey: `key-${randomUUID()}` },
    ],
    { token },
  );
  expect(pay.status).toBe('approved');
  await s.ok('SuperIngresso', 'concluirPagamento', [{ idmovimentacao: r.idmovimentacao }], {
    token,
  });

  // My orders: each ticket at 55.00; the coupon and the interest on the order, apart.
  const res = await s.app.inject({
    method: 'GET',
    url: '/tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true',
    headers: { authorization: `Bearer ${token}` },
  });
  const order = (res.json() as { result: TicketsCartResult }).result.tickets[0]!;
  expect(order.idmovimentacao).toBe(r.idmovimentacao);
  expect(order.itens.map((i) => i.preco)).toEqual([55, 55]);
  expect(order.itens.map((i) => i.valor_cupom)).toEqual([5, 5]);
  expect(order.valor_juros).toBe(three.juros);

  // The mail: the same price per ticket, the coupon and the interest as lines, the total charged.
  const mail = await firstRow<{ text: string; html: string }>(
    s.db,
    sql`SELECT text, html FROM outbox WHERE kind = 'payment_confirmed'
        AND anexos @> ${JSON.stringify([{ idmovimentacao: r.idmovimentacao }])}::jsonb`,
  );
  const lines = mail!.text.split('\n');
  const ticketLines = lines.filter((l) => l.includes('Inteira') && l.endsWith(`: ${price}`));
  expect(ticketLines).toHaveLength(2);
  expect(lines).toContain(`- Cupom PCT10: −${brl(1000)}`);
  expect(lines).toContain(`- Juros do parcelamento: ${brl(Math.round(three.juros! * 100))}`);
  expect(lines).toContain(`- Total: ${brl(Math.round(three.total! * 100))}`);
  expect(mail!.html).toContain(price);

  // The PDF: the same price on each ticket.
  const print = await s.ok('SuperIngresso', 'getImpressao', [r.idmovimentacao], { token });
  const pdf = await s.app.inject({ method: 'GET', url: print.url });
  const pages = pdfTexts(await PDFDocument.load(pdf.rawPayload));
  expect(pages).toHaveLength(2);
  for (const page of pages) {
    expect(page).toContain(price);
    expect(page).not.toContain(brl(5000));
  }
});
