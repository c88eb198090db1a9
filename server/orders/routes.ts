/**
 * `GET /tickets/cart?status=PA&page=1&results_per_page=5&fetch_items=true`: the logged-in
 * person's orders with the given status(es) (a comma list, e.g. `RE,AP,TP`), newest first, with
 * their units (and ticket codes once paid) when `fetch_items=true`. Cancelled (CA) orders are
 * those the buyer cancelled after paying, or whose slip or Pix charge was cancelled; a cart given
 * up before paying is not an order. A pending (AP) order carries what is still to pay
 * (`pagamento_pendente`: its slip or Pix code); an order swapped for a voucher names it
 * (`voucher`: its locator and partner).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { FormaPagamento, StatusMovimentacao, TicketsCartResult } from '#schemas/contract.ts';
import { deliveryAddresses } from '#server/cart/delivery.ts';
import type { Db } from '#server/db/client.ts';
import { pagamento, voucher } from '#server/db/schema.ts';
import { firstRow } from '#server/db/sql.ts';
import { badParams, sessionInvalid } from '#server/errors.ts';
import { issuedBoleto, issuedPix } from '#server/payments/issued.ts';
import { expireHolds, OPEN_CART } from './lifecycle';
import { selectItens, selectMovimentacoes, toMovimentacao } from './view';

const STATUSES: readonly StatusMovimentacao[] = ['RE', 'AP', 'TP', 'EX', 'PA', 'CA'];

interface TicketsQuery {
  status?: string;
  page?: string;
  results_per_page?: string;
  fetch_items?: string;
}

function positiveInt(v: string | undefined, fallback: number, max: number): number {
  if (v === undefined || v === '') return fallback;
  if (!/^\d{1,9}$/.test(v)) throw badParams();
  const n = Number(v);
  if (n < 1 || n > max) throw badParams();
  return n;
}

/** The orders route. */
export const ordersRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Querystring: TicketsQuery }>('/tickets/cart', async (req) => {
    if (!req.auth) throw sessionInvalid();
    const statuses = (req.query.status ?? 'PA').split(',').map((s) => s.trim().toUpperCase());
    if (statuses.some((s) => !STATUSES.includes(s as StatusMovimentacao))) throw badParams();
    const page = positiveInt(req.query.page, 1, 1_000_000);
    const perPage = positiveInt(req.query.results_per_page, 5, 100);
    const fetchItems = req.query.fetch_items === 'true' || req.query.fetch_items === '1';
    const { pessoa } = req.auth;

    await expireHolds(db, { idpessoa: pessoa.id });
    const list = sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    );
    // Open statuses only list holds still running (an expired one is EX already).
    const where = sql`m.idpessoa = ${pessoa.id} AND m.status IN (${list})
      AND (m.status NOT IN ('RE','TP') OR ${OPEN_CART})
      AND (m.status <> 'CA'
        OR EXISTS (SELECT 1 FROM movimentacao_item x
          WHERE x.idmovimentacao = m.id AND x.idestorno IS NOT NULL)
        OR EXISTS (SELECT 1 FROM pagamento p
          WHERE p.idmovimentacao = m.id AND p.status IN ('cancelled','refunding','refunded')))`;
    const count = await firstRow<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM movimentacao m WHERE m.brand = ${req.brand.id} AND ${where}`,
    );
    const total = Number(count?.n ?? 0);
    const movs = await selectMovimentacoes(db, req.brand.id, where, {
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    const itens = fetchItems
      ? await selectItens(
          db,
          req.brand,
          req.locale,
          movs.map((m) => m.idmovimentacao),
          'cancelled',
        )
      : new Map();
    const pendingIds = movs.filter((m) => m.status === 'AP').map((m) => m.idmovimentacao);
    const pending =
      pendingIds.length === 0
        ? []
        : await db
            .select()
            .from(pagamento)
            .where(
              and(inArray(pagamento.idmovimentacao, pendingIds), eq(pagamento.status, 'pending')),
            )
            .orderBy(desc(pagamento.id));
    // Orders that came from a voucher swap: the voucher's locator and its partner.
    const vouchers =
      movs.length === 0
        ? []
        : await db
            .select({
              idmovimentacao: voucher.idmovimentacao,
              localizador: voucher.localizador,
              parceiro: voucher.parceiro,
            })
            .from(voucher)
            .where(
              and(
                eq(voucher.brand, req.brand.id),
                inArray(
                  voucher.idmovimentacao,
                  movs.map((m) => m.idmovimentacao),
                ),
              ),
            );
    const addresses = await deliveryAddresses(
      db,
      movs.flatMap((m) => (m.entrega_end === null ? [] : [m.entrega_end])),
    );
    const result: TicketsCartResult = {
      tickets: movs.map((m) => {
        const endereco = m.entrega_end === null ? undefined : addresses.get(m.entrega_end);
        const p = pending.find((x) => x.idmovimentacao === m.idmovimentacao);
        const v = vouchers.find((x) => x.idmovimentacao === m.idmovimentacao);
        return {
          ...toMovimentacao(m),
          ...(endereco ? { entrega_endereco: endereco } : {}),
          ...(v ? { voucher: { localizador: v.localizador, parceiro: v.parceiro } } : {}),
          ...(p
            ? {
                pagamento_pendente: {
                  forma: p.forma as FormaPagamento,
                  ...(p.forma === 'boleto' ? { boleto: issuedBoleto(p) } : {}),
                  ...(p.forma === 'pix' ? { pix: issuedPix(p) } : {}),
                },
              }
            : {}),
          itens: itens.get(m.idmovimentacao) ?? [],
        };
      }),
      total_pages: Math.ceil(total / perPage),
      page_summary: { page, results_per_page: perPage, total },
    };
    return { result };
  });
};
