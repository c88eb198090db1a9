/**
 * Issued tickets as the PDF, the mail and the gate see them: the signed code of each
 * (codes.ts), what is printable, and the re-issue that invalidates a ticket's code.
 */
import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import { ticketPriceCents } from '#schemas/price-lines.ts';
import { catalogOf } from '#server/catalog/lookup.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, rows, toDate, toDateOrNull } from '#server/db/sql.ts';
import type { MessageId } from '#server/i18n.ts';
import { newTicketCode } from './ticket-code';
import { signTicketCode } from './codes';
import { brandKeys } from './keys';
import type { PrintedTicket } from './pdf';

/** What to print: every paid ticket of an order, or one ticket by its unit. */
export type PrintSelection = { idmovimentacao: number } | { iditem: number };

/** An order's tickets to print, or why there are none. */
export type Printable =
  | { ok: true; idmovimentacao: number; localizador: string; tickets: PrintedTicket[] }
  | { ok: false; error: MessageId };

interface TicketRow {
  id: number;
  iditem: number;
  codigo: string;
  versao: number;
  revogado_em: unknown;
  item_status: string;
  idapresentacao: number;
  idevento: number;
  idproduto: number;
  dthr: unknown;
  dscapre: Record<Locale, string> | null;
  valor_cents: number;
  taxa_cents: number;
  portador: string | null;
  agenda_dthr: unknown;
}

/**
 * The tickets of an order of person `idpessoa` (or one of its units) that may be printed: the
 * order is paid, the unit too, the ticket not revoked. A cancelled order or unit, an unpaid
 * order or someone else's answer an error id instead, never a throw.
 */
export async function printableTickets(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
  idpessoa: number,
  sel: PrintSelection,
): Promise<Printable> {
  const mov = await firstRow<{ id: number; status: string; localizador: string }>(
    db,
    'iditem' in sel
      ? sql`SELECT m.id, m.status, m.localizador FROM movimentacao_item i
            JOIN movimentacao m ON m.id = i.idmovimentacao
            WHERE i.id = ${sel.iditem} AND m.idpessoa = ${idpessoa} AND m.brand = ${brand.id}`
      : sql`SELECT m.id, m.status, m.localizador FROM movimentacao m
            WHERE m.id = ${sel.idmovimentacao} AND m.idpessoa = ${idpessoa}
              AND m.brand = ${brand.id}`,
  );
  if (!mov) return { ok: false, error: 'error.ticketsNotFound' };
  if (mov.status === 'CA') return { ok: false, error: 'error.ticketsCancelled' };
  if (mov.status !== 'PA') return { ok: false, error: 'error.ticketsNotPaid' };
  const found = await rows<TicketRow>(
    db,
    sql`SELECT g.id, g.iditem, g.codigo, g.versao, g.revogado_em, i.status AS item_status,
          e.idapresentacao, a.idevento, e.idproduto, a.dthr, a.dscapre,
          i.valor_cents, i.taxa_cents,
          NULLIF(trim(p.nome || ' ' || p.sobrenome), '') AS portador,
          (SELECT v.dthr FROM agendamento ag JOIN agenda_vaga v ON v.id = ag.idvaga
            WHERE ag.iditem = i.id) AS agenda_dthr
        FROM movimentacao_item i
        JOIN ingresso g ON g.iditem = i.id
        JOIN estoque e ON e.id = i.idestoque
        JOIN apresentacao a ON a.id = e.idapresentacao
        LEFT JOIN portador p ON p.iditem = i.id
        WHERE i.idmovimentacao = ${mov.id}
          ${'iditem' in sel ? sql`AND i.id = ${sel.iditem}` : sql``}
        ORDER BY i.id`,
  );
  const live = found.filter((r) => r.item_status === 'PA' && r.revogado_em === null);
  if (live.length === 0) {
    // A paid order whose one asked unit has no ticket yet is not paid as far as printing goes.
    return {
      ok: false,
      error: found.length > 0 ? 'error.ticketsCancelled' : 'error.ticketsNotPaid',
    };
  }
  const keys = await brandKeys(db, brand.id);
  const cat = catalogOf(brand);
  const tickets = live.map((r): PrintedTicket => {
    const entry = cat.product(r.idevento, r.idproduto);
    const event = entry?.event ?? cat.event(r.idevento);
    const slots = entry?.product.agendamento;
    return {
      ...(slots
        ? { agendamento: { atividade: slots.nome[locale], at: toDateOrNull(r.agenda_dthr) } }
        : {}),
      signedCode: signTicketCode(keys.privateKey, {
        idingresso: r.id,
        iditem: r.iditem,
        idapresentacao: r.idapresentacao,
        versao: r.versao,
      }),
      codigo: r.codigo,
      localizador: mov.localizador,
      evento: event?.nome[locale] ?? '',
      local: event?.local[locale] ?? '',
      dscapre: (r.dscapre ?? event?.dscapre)?.[locale] ?? '',
      sessao: toDate(r.dthr),
      produto: entry?.product.nome[locale] ?? '',
      tipo: entry?.tipo.nome[locale] ?? '',
      portador: r.portador,
      // The price the event page sold it for (discounts and interest are the order's lines).
      precoCents: ticketPriceCents(Number(r.valor_cents), Number(r.taxa_cents)),
    };
  });
  return { ok: true, idmovimentacao: mov.id, localizador: mov.localizador, tickets };
}

/** The signed code of a ticket as it stands now (its current version). */
export async function signedCodeOf(
  db: Db,
  brandId: string,
  idingresso: number,
): Promise<string | null> {
  const r = await firstRow<{ id: number; iditem: number; versao: number; idapresentacao: number }>(
    db,
    sql`SELECT g.id, g.iditem, g.versao, e.idapresentacao FROM ingresso g
        JOIN movimentacao_item i ON i.id = g.iditem
        JOIN movimentacao m ON m.id = i.idmovimentacao
        JOIN estoque e ON e.id = i.idestoque
        WHERE g.id = ${idingresso} AND m.brand = ${brandId}`,
  );
  if (!r) return null;
  const keys = await brandKeys(db, brandId);
  return signTicketCode(keys.privateKey, {
    idingresso: r.id,
    iditem: r.iditem,
    idapresentacao: r.idapresentacao,
    versao: r.versao,
  });
}

/**
 * Re-issues the ticket of unit `iditem` (a holder change): its version goes up by one and it
 * gets a new short code, so both its old signed code and its old short code stop being
 * accepted. Runs in the caller's transaction when given one; a ticket already used at the gate
 * is not re-issued.
 * @returns the new signed and short codes, or null when the unit has no live, unused ticket.
 */
export async function reissueTicket(
  db: Db,
  brandId: string,
  iditem: number,
): Promise<{ idingresso: number; versao: number; codigo: string; signedCode: string } | null> {
  const r = await firstRow<{ id: number; versao: number; codigo: string; idapresentacao: number }>(
    db,
    sql`UPDATE ingresso g SET versao = g.versao + 1, codigo = ${newTicketCode()}
        FROM movimentacao_item i
        JOIN movimentacao m ON m.id = i.idmovimentacao
        JOIN estoque e ON e.id = i.idestoque
        WHERE g.iditem = ${iditem} AND i.id = g.iditem AND m.brand = ${brandId}
          AND g.revogado_em IS NULL AND g.usado_em IS NULL
        RETURNING g.id, g.versao, g.codigo, e.idapresentacao`,
  );
  if (!r) return null;
  const keys = await brandKeys(db, brandId);
  return {
    idingresso: r.id,
    versao: r.versao,
    codigo: r.codigo,
    signedCode: signTicketCode(keys.privateKey, {
      idingresso: r.id,
      iditem,
      idapresentacao: r.idapresentacao,
      versao: r.versao,
    }),
  };
}
