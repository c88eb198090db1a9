/**
 * Scheduled slots of paid tickets (spec §7 CustomUserApps/DiasCompra, InsereRioBoi,
 * ConsultaRioBoi): a ticket of a product the catalogue marks with `agendamento` books one slot.
 * The places are held by the database: a booking takes one with a conditional UPDATE of the
 * slot's row (`ocupadas < vagas`) under the order's row lock, moving a booking frees the old
 * place in the same transaction, and a ticket has one booking at most (a unique index). See
 * README.md beside this file.
 */
import { sql } from 'drizzle-orm';
import type { CatalogSlots, LoadedBrand } from '#schemas/brand.types.ts';
import type {
  AgendamentoHorario,
  AgendamentoIngresso,
  ConsultaRioBoiBody,
  ConsultaRioBoiResult,
  DiasCompraBody,
  DiasCompraResult,
  InsereRioBoiBody,
  Locale,
} from '#schemas/contract.ts';
import type { Pessoa } from '#server/accounts/repository.ts';
import { catalogOf } from '#server/catalog/lookup.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, retryTransaction, rows, toDate, toDateOrNull } from '#server/db/sql.ts';
import { generic } from '#server/errors.ts';
import type { MessageId } from '#server/i18n.ts';
import { spDate, spInstant, spTime } from '#server/time.ts';
import { bookableSlots, changeDeadline, changeDeadlineText, isBookable } from './slots';

/** Throws the refusal `id` (code 0); inside a transaction it rolls the transaction back. */
function refuse(id: MessageId): never {
  throw generic(id);
}

/** Who asks, in which brand and language. */
export interface TrailScope {
  db: Db;
  brand: LoadedBrand;
  locale: Locale;
  pessoa: Pessoa;
}

interface TicketRow {
  iditem: number;
  idmovimentacao: number;
  idpessoa: number;
  mov_status: string;
  item_status: string;
  idevento: number;
  idproduto: number;
  idagendamento: number | null;
  idvaga: number | null;
  vaga_dthr: unknown;
  db_now: unknown;
}

/** A ticket that needs a slot, with its booking and the database's clock. */
interface Ticket {
  row: TicketRow;
  rules: CatalogSlots;
  /** The booked slot's start, or null. */
  bookedAt: Date | null;
  now: Date;
}

const TICKET_COLUMNS = sql`i.id AS iditem, m.id AS idmovimentacao, m.idpessoa,
  m.status AS mov_status, i.status AS item_status, a.idevento, e.idproduto,
  ag.id AS idagendamento, ag.idvaga, v.dthr AS vaga_dthr, now() AS db_now`;

const TICKET_JOINS = sql`FROM movimentacao_item i
  JOIN movimentacao m ON m.id = i.idmovimentacao
  JOIN estoque e ON e.id = i.idestoque
  JOIN apresentacao a ON a.id = e.idapresentacao
  LEFT JOIN agendamento ag ON ag.iditem = i.id
  LEFT JOIN agenda_vaga v ON v.id = ag.idvaga`;

/** The slot rules of a unit's product, or undefined when it needs no slot. */
function rulesOf(brand: LoadedBrand, idevento: number, idproduto: number) {
  return catalogOf(brand).product(idevento, idproduto)?.product.agendamento;
}

/**
 * Unit `iditem` of the brand as a ticket that needs a slot, locking its order's row when `lock`
 * (so a booking never interleaves with the ticket's cancellation or another booking of it).
 * Refuses: ticketsNotFound (no such unit in the brand), trailNotYours (another person's),
 * trailNotNeeded (its product needs no slot), trailNotPaid (not a paid ticket now).
 */
async function ticketOf(db: Db, s: TrailScope, iditem: number, lock: boolean): Promise<Ticket> {
  if (lock) {
    // The lock first, the read after it: a statement that waited for a lock still reads the
    // other rows (the booking) as they were when it began, so they are read in a statement of
    // their own, which sees what the transaction that held the lock committed.
    await db.execute(
      sql`SELECT m.id FROM movimentacao m JOIN movimentacao_item i ON i.idmovimentacao = m.id
          WHERE i.id = ${iditem} AND m.brand = ${s.brand.id} FOR UPDATE OF m`,
    );
  }
  const row = await firstRow<TicketRow>(
    db,
    sql`SELECT ${TICKET_COLUMNS} ${TICKET_JOINS}
        WHERE i.id = ${iditem} AND m.brand = ${s.brand.id}`,
  );
  if (!row) refuse('error.ticketsNotFound');
  if (Number(row.idpessoa) !== s.pessoa.id) refuse('error.trailNotYours');
  const rules = rulesOf(s.brand, Number(row.idevento), Number(row.idproduto));
  if (!rules) refuse('error.trailNotNeeded');
  if (row.item_status !== 'PA' || row.mov_status !== 'PA') refuse('error.trailNotPaid');
  return { row, rules, bookedAt: toDateOrNull(row.vaga_dthr), now: toDate(row.db_now) };
}

/** Refuses moving an existing booking at `now`: trailFinal (bookings final), trailChangeClosed. */
function assertChangeOpen(t: Ticket): void {
  if (!t.bookedAt) return;
  const deadline = changeDeadline(t.rules, t.bookedAt);
  if (!deadline) refuse('error.trailFinal');
  if (t.now.getTime() >= deadline.getTime()) refuse('error.trailChangeClosed');
}

/** A slot as the contract writes it. */
const horario = (at: Date): AgendamentoHorario => ({ dia: spDate(at), hora: spTime(at) });

/** The contract view of one ticket's booking. */
function viewOf(
  s: Pick<TrailScope, 'brand' | 'locale'>,
  row: Pick<TicketRow, 'iditem' | 'idmovimentacao' | 'item_status' | 'mov_status'>,
  rules: CatalogSlots,
  bookedAt: Date | null,
  now: Date,
): AgendamentoIngresso {
  const paid = row.item_status === 'PA' && row.mov_status === 'PA';
  const deadline = bookedAt ? changeDeadline(rules, bookedAt) : null;
  return {
    iditem: Number(row.iditem),
    idmovimentacao: Number(row.idmovimentacao),
    atividade: rules.nome[s.locale],
    local: rules.local?.[s.locale] ?? '',
    agendamento: bookedAt ? horario(bookedAt) : null,
    alteravel: paid && (bookedAt === null || (deadline !== null && now < deadline)),
    alteravel_ate: bookedAt ? changeDeadlineText(rules, bookedAt) : null,
  };
}

/** Places taken in the product's slots from now on, by the slot's start (epoch ms). */
async function occupancy(db: Db, brand: string, idevento: number, idproduto: number) {
  const found = await rows<{ dthr: unknown; ocupadas: number }>(
    db,
    sql`SELECT dthr, ocupadas FROM agenda_vaga
        WHERE brand = ${brand} AND idevento = ${idevento} AND idproduto = ${idproduto}
          AND dthr > now()`,
  );
  return new Map(found.map((r) => [toDate(r.dthr).getTime(), Number(r.ocupadas)]));
}

/**
 * POST CustomUserApps/DiasCompra: the days (and with `dia`, that day's times) ticket `iditem`
 * may book now, each with its free places; the slot it already holds is not offered.
 * Refuses as {@link ticketOf}, and trailFinal / trailChangeClosed for a booking that may not move.
 */
export async function diasCompra(s: TrailScope, body: DiasCompraBody): Promise<DiasCompraResult> {
  const t = await ticketOf(s.db, s, body.iditem, false);
  assertChangeOpen(t);
  const taken = await occupancy(s.db, s.brand.id, Number(t.row.idevento), Number(t.row.idproduto));
  const dias = new Map<string, number>();
  const horarios: { hora: string; vagas: number }[] = [];
  for (const slot of bookableSlots(t.rules, t.now)) {
    if (t.bookedAt && slot.at.getTime() === t.bookedAt.getTime()) continue;
    const free = t.rules.vagas - (taken.get(slot.at.getTime()) ?? 0);
    if (free <= 0) continue;
    dias.set(slot.dia, (dias.get(slot.dia) ?? 0) + free);
    if (slot.dia === body.dia) horarios.push({ hora: slot.hora, vagas: free });
  }
  return {
    iditem: Number(t.row.iditem),
    atividade: t.rules.nome[s.locale],
    dias: [...dias].map(([dia, vagas]) => ({ dia, vagas })),
    ...(body.dia === undefined ? {} : { horarios }),
  };
}

/**
 * POST CustomUserApps/InsereRioBoi: books slot `dia hora` for ticket `iditem`, or moves its
 * booking there (freeing the old place in the same transaction); the same slot again answers
 * the booking as it is. Refuses as {@link ticketOf}, trailFinal / trailChangeClosed (a booking
 * that may not move), trailSlotUnavailable (not a slot of the product, past, too soon or beyond
 * the horizon) and trailFull (no place left).
 */
export async function insereRioBoi(
  s: TrailScope,
  body: InsereRioBoiBody,
): Promise<AgendamentoIngresso> {
  return retryTransaction(() => s.db.transaction((tx) => book(tx, s, body)));
}

async function book(tx: Db, s: TrailScope, body: InsereRioBoiBody): Promise<AgendamentoIngresso> {
  const t = await ticketOf(tx, s, body.iditem, true);
  const { row, rules, now } = t;
  if (t.bookedAt && body.dia === spDate(t.bookedAt) && body.hora === spTime(t.bookedAt)) {
    return viewOf(s, row, rules, t.bookedAt, now);
  }
  assertChangeOpen(t);
  if (!isBookable(rules, body, now)) refuse('error.trailSlotUnavailable');
  const at = spInstant(body.dia, body.hora);
  const idevento = Number(row.idevento);
  const idproduto = Number(row.idproduto);
  await tx.execute(
    sql`INSERT INTO agenda_vaga (brand, idevento, idproduto, dthr)
        VALUES (${s.brand.id}, ${idevento}, ${idproduto}, ${at.toISOString()}::timestamptz)
        ON CONFLICT (brand, idevento, idproduto, dthr) DO NOTHING`,
  );
  if (row.idvaga !== null) {
    // Moving: both slots' rows locked in id order, so two bookings swapping slots cannot deadlock.
    await tx.execute(
      sql`SELECT id FROM agenda_vaga
          WHERE id = ${Number(row.idvaga)}
            OR (brand = ${s.brand.id} AND idevento = ${idevento} AND idproduto = ${idproduto}
                AND dthr = ${at.toISOString()}::timestamptz)
          ORDER BY id FOR UPDATE`,
    );
  }
  // The place: taken only while one is left, decided by the row's current count.
  const taken = await firstRow<{ id: number }>(
    tx,
    sql`UPDATE agenda_vaga SET ocupadas = ocupadas + 1
        WHERE brand = ${s.brand.id} AND idevento = ${idevento} AND idproduto = ${idproduto}
          AND dthr = ${at.toISOString()}::timestamptz AND ocupadas < ${rules.vagas}
        RETURNING id`,
  );
  if (!taken) refuse('error.trailFull');
  if (row.idagendamento !== null && row.idvaga !== null) {
    await tx.execute(
      sql`UPDATE agenda_vaga SET ocupadas = ocupadas - 1 WHERE id = ${Number(row.idvaga)}`,
    );
    await tx.execute(
      sql`UPDATE agendamento SET idvaga = ${taken.id}, alteracoes = alteracoes + 1,
            updated_at = now()
          WHERE id = ${Number(row.idagendamento)}`,
    );
  } else {
    await tx.execute(
      sql`INSERT INTO agendamento (iditem, idvaga) VALUES (${Number(row.iditem)}, ${taken.id})`,
    );
  }
  return viewOf(s, row, rules, at, now);
}

/**
 * POST CustomUserApps/ConsultaRioBoi: the bookings of order `idmovimentacao` (its tickets that
 * need a slot and are paid or being cancelled; none: `[]`), or of ticket `iditem`. Another
 * person's order or ticket: trailNotYours; an unknown one: ticketsNotFound; a ticket that needs
 * no slot: trailNotNeeded.
 */
export async function consultaRioBoi(
  s: TrailScope,
  body: ConsultaRioBoiBody,
): Promise<ConsultaRioBoiResult> {
  const byItem = 'iditem' in body;
  const found = await rows<TicketRow>(
    s.db,
    sql`SELECT ${TICKET_COLUMNS} ${TICKET_JOINS}
        WHERE m.brand = ${s.brand.id}
          AND ${byItem ? sql`i.id = ${body.iditem}` : sql`m.id = ${body.idmovimentacao}`}
        ORDER BY i.id`,
  );
  const first = found[0];
  if (!first) refuse('error.ticketsNotFound');
  if (Number(first.idpessoa) !== s.pessoa.id) refuse('error.trailNotYours');
  const now = toDate(first.db_now);
  const agendamentos: AgendamentoIngresso[] = [];
  for (const r of found) {
    const rules = rulesOf(s.brand, Number(r.idevento), Number(r.idproduto));
    if (!rules) {
      if (byItem) refuse('error.trailNotNeeded');
      continue;
    }
    if (r.item_status !== 'PA' && r.item_status !== 'CP') continue;
    agendamentos.push(viewOf(s, r, rules, toDateOrNull(r.vaga_dthr), now));
  }
  return { agendamentos };
}

/**
 * The booked slot of each of units `iditens` that has one (the orders list's
 * `CarrinhoItem.agendamento`).
 */
export async function bookingsOf(
  db: Db,
  iditens: readonly number[],
): Promise<Map<number, AgendamentoHorario>> {
  if (iditens.length === 0) return new Map();
  const found = await rows<{ iditem: number; dthr: unknown }>(
    db,
    sql`SELECT ag.iditem, v.dthr FROM agendamento ag JOIN agenda_vaga v ON v.id = ag.idvaga
        WHERE ag.iditem IN (${sql.join(
          iditens.map((id) => sql`${id}::int`),
          sql`, `,
        )})`,
  );
  return new Map(found.map((r) => [Number(r.iditem), horario(toDate(r.dthr))]));
}

/**
 * Frees the places of order `idmovimentacao`'s cancelled (CA) units and drops their bookings,
 * in the caller's transaction (the confirmation of a cancellation, under the order's row lock).
 * Idempotent: a second run finds no booking of a cancelled unit.
 * @returns how many places were freed.
 */
export async function releaseCancelledSlots(tx: Db, idmovimentacao: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`WITH gone AS (
          DELETE FROM agendamento ag USING movimentacao_item i
          WHERE ag.iditem = i.id AND i.idmovimentacao = ${idmovimentacao} AND i.status = 'CA'
          RETURNING ag.idvaga),
        freed AS (
          UPDATE agenda_vaga v SET ocupadas = v.ocupadas - c.n
          FROM (SELECT idvaga, count(*)::int AS n FROM gone GROUP BY idvaga) c
          WHERE v.id = c.idvaga RETURNING v.id)
        SELECT (SELECT count(*) FROM gone)::int AS n, (SELECT count(*) FROM freed)::int AS f`,
  );
  return Number(r?.n ?? 0);
}
