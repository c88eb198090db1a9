/**
 * Catalogue reads (SuperIngresso.getEventos … getProdutos). A session is on sale while it is
 * active in the brand's files and in the future. Availability is capacity minus sold minus active
 * holds, computed in SQL with the same rule the reservation uses.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type {
  Apresentacao,
  ApresentacaoResumo,
  Bloco,
  Evento,
  GetApresentacoesResult,
  GetProdutosResult,
  Locale,
  Localized,
  TipoProduto,
} from '#schemas/contract.ts';
import { brandAssetUrl } from '#server/brands/assets.ts';
import type { Db } from '#server/db/client.ts';
import { rows, toDate } from '#server/db/sql.ts';
import { generic } from '#server/errors.ts';
import { AVAILABLE } from '#server/orders/lifecycle.ts';
import { spDate, spDateTimeMinutes, spTime } from '#server/time.ts';
import { canBuy, catalogOf, onSaleNow, toReais } from './lookup';

/** Who is asking: the brand, the language and the person's type (null = guest). */
export interface CatalogScope {
  db: Db;
  brand: LoadedBrand;
  locale: Locale;
  idpessoaTipo: number | null;
}

interface StockRow {
  idapresentacao: number;
  idevento: number;
  dthr: unknown;
  dscapre: Localized | null;
  idproduto: number;
  /** The block of the stock row; 0 for an event without blocks. */
  idbloco: number;
  preco_cents: number;
  taxa_cents: number;
  block_qtd: number;
  disponivel: number;
}

/** Stock rows on sale of the brand matching `where` (on aliases `a`, `e`), by session time. */
async function stockOnSale(s: CatalogScope, where: SQL): Promise<StockRow[]> {
  const found = await rows<StockRow>(
    s.db,
    sql`
      SELECT a.id AS idapresentacao, a.idevento, a.dthr, a.dscapre, e.idproduto, e.idbloco,
        e.preco_cents, e.taxa_cents, e.block_qtd,
        ${AVAILABLE} AS disponivel
      FROM apresentacao a
      JOIN estoque e ON e.idapresentacao = a.id AND e.ativo
      WHERE a.brand = ${s.brand.id} AND a.ativo AND a.dthr > now() AND ${where}
      ORDER BY a.dthr, a.id, e.id`,
  );
  return found.filter((r) => visible(s, r.idevento, r.idproduto));
}

function visible(s: CatalogScope, idevento: number, idproduto: number): boolean {
  const entry = catalogOf(s.brand).product(idevento, idproduto);
  return (
    !!entry && canBuy(s.brand, entry.product, s.idpessoaTipo) && onSaleNow(s.brand, entry.product)
  );
}

function resumos(
  s: CatalogScope,
  stock: StockRow[],
): (ApresentacaoResumo & { idevento: number })[] {
  const byId = new Map<number, ApresentacaoResumo & { idevento: number }>();
  const cat = catalogOf(s.brand);
  for (const r of stock) {
    const hit = byId.get(r.idapresentacao);
    if (hit) {
      hit.disponivel += r.disponivel;
      continue;
    }
    const dthr = toDate(r.dthr);
    byId.set(r.idapresentacao, {
      idapresentacao: r.idapresentacao,
      idevento: r.idevento,
      dthr_apresentacao: spDateTimeMinutes(dthr),
      dt_apre: spDate(dthr),
      dt_hora: spTime(dthr),
      dscapre: (r.dscapre ?? cat.event(r.idevento)?.dscapre)?.[s.locale] ?? '',
      disponivel: r.disponivel,
    });
  }
  return [...byId.values()];
}

const withoutEvento = ({
  idevento: _idevento,
  ...rest
}: ApresentacaoResumo & { idevento: number }): ApresentacaoResumo => rest;

interface EventSpan {
  idevento: number;
  idproduto: number;
  min_cents: number;
  primeira: unknown;
  ultima: unknown;
}

/**
 * How long the home page's aggregate is reused. It reads only what the brand's files define
 * (sessions, prices) and moves only as sessions pass, so a minute late is harmless; the home is
 * the busiest page and PGlite runs one query at a time.
 */
export const EVENT_SPANS_TTL_MS = 60_000;

const spansCache = new WeakMap<Db, Map<string, { at: number; spans: Promise<EventSpan[]> }>>();

/** Per event and product on sale: the lowest price and the first and last session. */
function eventSpans(s: CatalogScope): Promise<EventSpan[]> {
  const byBrand = spansCache.get(s.db) ?? new Map();
  spansCache.set(s.db, byBrand);
  const hit = byBrand.get(s.brand.id);
  if (hit && Date.now() - hit.at < EVENT_SPANS_TTL_MS) return hit.spans;
  const spans = rows<EventSpan>(
    s.db,
    sql`
      SELECT a.idevento, e.idproduto, min(e.preco_cents + e.taxa_cents)::int AS min_cents,
        min(a.dthr) AS primeira, max(a.dthr) AS ultima
      FROM apresentacao a
      JOIN estoque e ON e.idapresentacao = a.id AND e.ativo
      WHERE a.brand = ${s.brand.id} AND a.ativo AND a.dthr > now()
      GROUP BY a.idevento, e.idproduto`,
  );
  // Concurrent requests share the one query; a failed one is not kept.
  byBrand.set(s.brand.id, { at: Date.now(), spans });
  spans.catch(() => byBrand.delete(s.brand.id));
  return spans;
}

/** Forgets the home page's aggregate of a database (after the catalogue changes). */
export function forgetEventSpans(db: Db): void {
  spansCache.delete(db);
}

/**
 * Every event of the brand, in file order, with its lowest price (the cheapest paid product;
 * 0 only when every product is free) and first/last dates on sale.
 */
export async function getEventos(s: CatalogScope): Promise<Evento[]> {
  const found = await eventSpans(s);
  return catalogOf(s.brand).events.map((event) => {
    let min: number | null = null;
    let first: number | null = null;
    let last: number | null = null;
    for (const r of found) {
      if (r.idevento !== event.idevento || !visible(s, r.idevento, r.idproduto)) continue;
      const p = toDate(r.primeira).getTime();
      const u = toDate(r.ultima).getTime();
      // "From" is the cheapest paid ticket; a free one (children…) only when all are free.
      if (r.min_cents > 0 || min === null || min === 0) {
        min = min === null || min === 0 ? r.min_cents : Math.min(min, r.min_cents);
      }
      first = first === null ? p : Math.min(first, p);
      last = last === null ? u : Math.max(last, u);
    }
    return {
      idevento: event.idevento,
      tipo: event.tipo,
      dscevento: event.nome[s.locale],
      descricao: event.descricao[s.locale],
      local: event.local[s.locale],
      imagem: brandAssetUrl(event.imagem),
      a_partir_de: min === null ? null : toReais(min),
      primeira_data: first === null ? null : spDate(new Date(first)),
      ultima_data: last === null ? null : spDate(new Date(last)),
      ...(event.blocos ? { blocos: true as const } : {}),
    };
  });
}

function requireEvent(s: CatalogScope, idevento: number) {
  const event = catalogOf(s.brand).event(idevento);
  if (!event) throw generic('error.notFound');
  return event;
}

/** The sessions on sale of an event and the days they fall on. */
export async function getApresentacoes(
  s: CatalogScope,
  idevento: number,
): Promise<GetApresentacoesResult> {
  requireEvent(s, idevento);
  const list = resumos(s, await stockOnSale(s, sql`a.idevento = ${idevento}`)).map(withoutEvento);
  const days = [...new Set(list.map((a) => a.dt_apre))];
  return { dates: days.map((dia) => ({ dia })), apresentacoes: list };
}

/** The sessions on sale of an event on one day (`YYYY-MM-DD`, Sao Paulo). */
export async function getApresentacoesHorarios(
  s: CatalogScope,
  idevento: number,
  data: string,
): Promise<ApresentacaoResumo[]> {
  requireEvent(s, idevento);
  const stock = await stockOnSale(
    s,
    sql`a.idevento = ${idevento}
        AND to_char(a.dthr AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') = ${data}`,
  );
  return resumos(s, stock).map(withoutEvento);
}

/**
 * One session on sale. An event with blocks adds its blocks the person may buy in, with the
 * units left in each (`blocos`), the ids of those not sold out (`bloco_ids`) and the map's help.
 */
export async function getApresentacao(
  s: CatalogScope,
  idapresentacao: number,
): Promise<Apresentacao> {
  const stock = await stockOnSale(s, sql`a.id = ${idapresentacao}`);
  const [resumo] = resumos(s, stock);
  if (!resumo) throw generic('error.notFound');
  const event = requireEvent(s, resumo.idevento);
  const found: Apresentacao = {
    ...withoutEvento(resumo),
    idevento: event.idevento,
    dscevento: event.nome[s.locale],
    local: event.local[s.locale],
  };
  if (!event.blocos) return found;
  const left = new Map<number, number>();
  for (const r of stock) left.set(r.idbloco, (left.get(r.idbloco) ?? 0) + r.disponivel);
  const blocos: Bloco[] = event.blocos.flatMap((b) => {
    const disponivel = left.get(b.idbloco);
    return disponivel === undefined
      ? []
      : [{ idbloco: b.idbloco, nome: b.nome[s.locale], disponivel }];
  });
  return {
    ...found,
    bloco_ids: blocos.filter((b) => b.disponivel > 0).map((b) => b.idbloco),
    blocos,
    mapa: { help: event.mapa?.help[s.locale] ?? '' },
  };
}

/**
 * The products of a session on sale the person may buy, grouped by type in file order. With
 * `idbloco` (an event with blocks), those of that block and its units left; without it, an
 * event with blocks answers every product of any block, its units summed over the blocks.
 * @throws notFound for an unknown session, or a block the session does not sell the person.
 */
export async function getProdutos(
  s: CatalogScope,
  idapresentacao: number,
  idbloco?: number,
): Promise<GetProdutosResult> {
  const stock = await stockOnSale(
    s,
    idbloco === undefined
      ? sql`a.id = ${idapresentacao}`
      : sql`a.id = ${idapresentacao} AND e.idbloco = ${idbloco}`,
  );
  const first = stock[0];
  if (!first) throw generic('error.notFound');
  const event = requireEvent(s, first.idevento);
  const byProduct = new Map<number, StockRow>();
  for (const r of stock) {
    const seen = byProduct.get(r.idproduto);
    byProduct.set(r.idproduto, seen ? { ...seen, disponivel: seen.disponivel + r.disponivel } : r);
  }
  const tipos: TipoProduto[] = [];
  for (const tipo of event.tipo_produtos) {
    const produtos = tipo.produtos.flatMap((p) => {
      const r = byProduct.get(p.idproduto);
      if (!r) return [];
      return [
        {
          idproduto: p.idproduto,
          dscproduto: p.nome[s.locale],
          preco: toReais(r.preco_cents),
          preco_ctaxa: toReais(r.preco_cents + r.taxa_cents),
          taxa: toReais(r.taxa_cents),
          qtd: r.disponivel,
          block_qtd: r.block_qtd,
          ...(p.campanhaCartao ? { campanha: true as const } : {}),
        },
      ];
    });
    if (produtos.length > 0)
      tipos.push({ idtipo: tipo.idtipo, dsctipo: tipo.nome[s.locale], produtos });
  }
  return { idapresentacao, ...(idbloco === undefined ? {} : { idbloco }), tipo_produtos: tipos };
}
