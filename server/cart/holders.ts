/**
 * Ticket holders (portador): one per unit of an order, bound and unbound while the order is
 * the person's open cart (RE, not expired). See README.md ("Holders") for the rules.
 *
 * The payload is checked with the holder form's own schema (schemas/forms/holder.schema.json,
 * composed for the brand as the browser shows it): CPF check digits for a Brazilian, a birth date
 * that is a real date and not in the future, the phone rule. The rule "one ticket per holder per
 * session" is the unique index `portador_sessao_documento_uq`, not a read in JavaScript.
 */
import { sql } from 'drizzle-orm';
import type { CatalogHolderRule, LoadedBrand } from '#schemas/brand.types.ts';
import type {
  GetPortadoresSalvosResult,
  PortadorDados,
  PortadorItemResult,
  PortadorSalvo,
  StatusMovimentacao,
} from '#schemas/contract.ts';
import { catalogOf } from '#server/catalog/lookup.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, rows, toDate } from '#server/db/sql.ts';
import { OutcomeError } from '#server/errors.ts';
import { validateForm } from '#server/forms/validate.ts';
import { EXPIRED_HOLD, expireHolds, refuse, UNIT_COUNTS } from '#server/orders/lifecycle.ts';
import { reissueTicket } from '#server/tickets/tickets.ts';
import type { CartScope } from './cart-scope';

/** Saved holders getPortadoresSalvos answers besides the buyer. */
export const SAVED_HOLDERS_MAX = 10;

/** The holder form's fields, in the form's order (what is stored; anything else is dropped). */
const FIELDS = [
  'nome',
  'sobrenome',
  'documento',
  'nacionalidade',
  'dt_nascimento',
  'celular',
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'estado',
  'pais',
] as const satisfies readonly (keyof PortadorDados)[];

/**
 * The key a document is unique by in a session: upper-case letters and digits only, so
 * `529.982.247-25` and `52998224725`, or `ab 123` and `AB123`, are one person.
 */
export function documentoChave(documento: string): string {
  return documento.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** An event's holder rule (catalogue `portador`), or null when its tickets take none. */
export function holderRule(brand: LoadedBrand, idevento: number): CatalogHolderRule | null {
  return catalogOf(brand).event(idevento)?.portador ?? null;
}

/** The contract shape of a stored holder row (snake_case columns). */
type PortadorRow = { [K in (typeof FIELDS)[number]]: string | null };

/** A stored row as {@link PortadorDados}: empty optional fields are left out. */
export function portadorOf(row: PortadorRow): PortadorDados {
  const out: Record<string, string> = {};
  for (const f of FIELDS) {
    const v = row[f];
    if (v !== null && v !== '') out[f] = v;
  }
  return out as unknown as PortadorDados;
}

/** The columns of a holder row `p`, as {@link PortadorRow}. */
const HOLDER_COLUMNS = sql.raw(FIELDS.map((f) => `p.${f}`).join(', '));

interface LockedItem {
  idmovimentacao: number;
  status: StatusMovimentacao;
  expired: boolean;
  item_status: string;
  idapresentacao: number;
  idevento: number;
  /** The session's start. */
  dthr: unknown;
  /** A paid ticket (its holder changes until the brand's cut-off, re-issuing it). */
  paid: boolean;
}

/**
 * Whether the holder of a paid ticket whose session starts at `sessionAt` may still change at
 * `now`: until the brand's `holderChangeHours` before the session; never when it sets none.
 */
export function holderChangeOpen(brand: LoadedBrand, sessionAt: Date, now = Date.now()): boolean {
  const hours = brand.brand.holderChangeHours;
  return hours !== undefined && sessionAt.getTime() - hours * 3_600_000 > now;
}

/**
 * Locks the order of unit `iditem` if it is the person's in this brand, and refuses unless it is
 * an open cart or a paid ticket whose holder may still change: cartNotFound (not theirs,
 * removed, cancelled), reservationExpired, paymentInProgress (TP/AP: the holders are fixed while
 * payment runs), holderChangeClosed (paid, past the brand's cut-off, or being cancelled).
 */
async function lockOpenItem(tx: Db, s: CartScope, iditem: number): Promise<LockedItem> {
  const row = await firstRow<Omit<LockedItem, 'paid'>>(
    tx,
    sql`SELECT m.id AS idmovimentacao, m.status, ${EXPIRED_HOLD} AS expired,
          i.status AS item_status, e.idapresentacao, a.idevento, a.dthr
        FROM movimentacao_item i
        JOIN movimentacao m ON m.id = i.idmovimentacao
        JOIN estoque e ON e.id = i.idestoque
        JOIN apresentacao a ON a.id = e.idapresentacao
        WHERE i.id = ${iditem} AND m.idpessoa = ${s.pessoa.id} AND m.brand = ${s.brand.id}
        FOR UPDATE OF m`,
  );
  if (!row || row.item_status === 'CA') refuse('error.cartNotFound');
  if (row.status === 'PA') {
    if (row.item_status !== 'PA' || !holderChangeOpen(s.brand, toDate(row.dthr))) {
      refuse('error.holderChangeClosed');
    }
    return { ...row, paid: true };
  }
  if (row.expired || row.status === 'EX') refuse('error.reservationExpired');
  if (row.status === 'TP' || row.status === 'AP') refuse('error.paymentInProgress');
  if (row.status !== 'RE') refuse('error.cartNotFound');
  return { ...row, paid: false };
}

/**
 * A paid ticket whose holder changed gets new codes (the old QR and short code are refused at
 * the gate); one already used at the gate (or revoked) cannot change holder.
 */
async function reissueIfPaid(tx: Db, s: CartScope, item: LockedItem, iditem: number) {
  if (!item.paid) return;
  if (!(await reissueTicket(tx, s.brand.id, iditem))) refuse('error.holderChangeClosed');
}

/**
 * Binds a holder to unit `iditem` of the person's open cart (portadorSetItem, elevenWallet),
 * replacing the one it had. In one transaction under the order's row lock: the unit's old holder
 * is deleted, then stale rows of the same document in that session (units that no longer count:
 * removed, hold expired, order cancelled), then the holder is inserted; the unique index on
 * (brand, session, document) refuses a document that is on another live ticket of the session,
 * in this order or any other, and makes a concurrent bind of the same document wait for the
 * first to commit and then refuse.
 * @throws the form's error object (code 0, localized: 'CPF inválido', 'A data de nascimento não
 *   é válida'…); AppError cartNotFound, reservationExpired, paymentInProgress, holderNotTaken
 *   (the event takes no holder), holderDuplicate.
 */
export async function bindHolder(
  s: CartScope,
  iditem: number,
  payload: PortadorDados,
): Promise<PortadorItemResult> {
  const form = validateForm<PortadorDados>(s.brand, 'holder', payload, s.locale);
  if (!form.ok) throw new OutcomeError(form.error);
  const data = portadorOf(form.data as unknown as PortadorRow);
  const chave = documentoChave(data.documento);
  if (chave.length < 3) throw new OutcomeError(docError(s));
  await expireHolds(s.db, { idpessoa: s.pessoa.id });
  await s.db.transaction(async (tx) => {
    const item = await lockOpenItem(tx, s, iditem);
    if (!holderRule(s.brand, item.idevento)) refuse('error.holderNotTaken');
    await tx.execute(sql`DELETE FROM portador WHERE iditem = ${iditem}`);
    await tx.execute(
      sql`DELETE FROM portador p
          WHERE p.brand = ${s.brand.id} AND p.idapresentacao = ${item.idapresentacao}
            AND p.documento_chave = ${chave}
            AND NOT EXISTS (SELECT 1 FROM movimentacao_item i
              JOIN movimentacao m ON m.id = i.idmovimentacao
              WHERE i.id = p.iditem AND ${UNIT_COUNTS})`,
    );
    const opt = (k: keyof PortadorDados) => data[k] ?? null;
    const inserted = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO portador (iditem, brand, idpessoa, idapresentacao, documento_chave, nome,
            sobrenome, documento, nacionalidade, dt_nascimento, celular, cep, logradouro, numero,
            complemento, bairro, cidade, estado, pais)
          VALUES (${iditem}, ${s.brand.id}, ${s.pessoa.id}, ${item.idapresentacao}, ${chave},
            ${data.nome}, ${data.sobrenome}, ${data.documento}, ${data.nacionalidade},
            ${data.dt_nascimento}, ${opt('celular')}, ${opt('cep')}, ${opt('logradouro')},
            ${opt('numero')}, ${opt('complemento')}, ${opt('bairro')}, ${opt('cidade')},
            ${opt('estado')}, ${opt('pais')})
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (inserted.length === 0) refuse('error.holderDuplicate');
    await reissueIfPaid(tx, s, item, iditem);
  });
  return { iditem, portador: data };
}

/** The error object of a document with too few letters or digits to name anyone. */
function docError(s: CartScope) {
  const form = validateForm(s.brand, 'holder', { documento: '' }, s.locale);
  const field = form.ok ? undefined : form.error.fields.find((f) => f.field === '.documento');
  return { code: 0, message: field?.message ?? 'error.badParams' };
}

/**
 * Unbinds the holder of unit `iditem` of the person's open cart, or of a paid ticket until the
 * brand's cut-off when its event's holders are optional (re-issued) (removeElevenWallet); a unit
 * without one answers the same.
 * @throws AppError cartNotFound, reservationExpired, paymentInProgress, holderChangeClosed,
 *   holderRequired.
 */
export async function unbindHolder(s: CartScope, iditem: number): Promise<PortadorItemResult> {
  await expireHolds(s.db, { idpessoa: s.pessoa.id });
  await s.db.transaction(async (tx) => {
    const item = await lockOpenItem(tx, s, iditem);
    // A paid ticket of an event whose holders are required keeps one: change it instead.
    if (item.paid && holderRule(s.brand, item.idevento) === 'obrigatorio') {
      refuse('error.holderRequired');
    }
    const removed = await rows<{ id: number }>(
      tx,
      sql`DELETE FROM portador WHERE iditem = ${iditem} RETURNING id`,
    );
    if (removed.length > 0) await reissueIfPaid(tx, s, item, iditem);
  });
  return { iditem, portador: null };
}

/**
 * Whether order `idmovimentacao` has a unit (not removed) of an event whose holders are
 * `obrigatorio` without a holder. iniciarPagamento asks it under the order's lock, before any
 * charge.
 */
export async function holdersMissing(
  tx: Db,
  brand: LoadedBrand,
  idmovimentacao: number,
): Promise<boolean> {
  const found = await rows<{ idevento: number }>(
    tx,
    sql`SELECT DISTINCT a.idevento FROM movimentacao_item i
        JOIN estoque e ON e.id = i.idestoque
        JOIN apresentacao a ON a.id = e.idapresentacao
        WHERE i.idmovimentacao = ${idmovimentacao} AND i.status <> 'CA'
          AND NOT EXISTS (SELECT 1 FROM portador p WHERE p.iditem = i.id)`,
  );
  return found.some((r) => holderRule(brand, Number(r.idevento)) === 'obrigatorio');
}

/** The holders of the given units, by unit. */
export async function holdersOf(db: Db, iditens: number[]): Promise<Map<number, PortadorDados>> {
  const out = new Map<number, PortadorDados>();
  if (iditens.length === 0) return out;
  const found = await rows<PortadorRow & { iditem: number }>(
    db,
    sql`SELECT p.iditem, ${HOLDER_COLUMNS} FROM portador p
        WHERE p.iditem IN (${sql.join(
          iditens.map((id) => sql`${id}::int`),
          sql`, `,
        )})`,
  );
  for (const r of found) out.set(Number(r.iditem), portadorOf(r));
  return out;
}

/**
 * The holders offered to fill a ticket in one tap (getPortadoresSalvos): the buyer, from the
 * profile, when it has a document (CPF for a Brazilian, else the passport); then the distinct
 * documents this person bound before, most recently bound first, at most
 * {@link SAVED_HOLDERS_MAX}, the buyer's own document left out.
 */
export async function savedHolders(s: CartScope): Promise<GetPortadoresSalvosResult> {
  const p = s.pessoa;
  const portadores: PortadorSalvo[] = [];
  const documento = p.cpf || p.passaporte || '';
  const own = documentoChave(documento);
  if (own !== '') {
    const buyer: Record<string, string> = {
      nome: p.nome,
      sobrenome: p.sobrenome,
      documento,
      nacionalidade: p.nacionalidade || (p.cpf ? 'BR' : ''),
      dt_nascimento: p.dtNascimento ?? '',
      celular: p.celular ?? '',
      cep: p.endCep ?? '',
      logradouro: p.endLogradouro ?? '',
      numero: p.endNumero ?? '',
      complemento: p.endComplemento ?? '',
      bairro: p.endBairro ?? '',
      cidade: p.endCidade ?? '',
      estado: p.endEstado ?? '',
      pais: p.endPais ?? '',
    };
    portadores.push({
      origem: 'comprador',
      portador: Object.fromEntries(Object.entries(buyer).filter(([, v]) => v !== '')),
    });
  }
  const found = await rows<PortadorRow>(
    s.db,
    sql`SELECT ${HOLDER_COLUMNS} FROM (
          SELECT DISTINCT ON (p.documento_chave) p.*
          FROM portador p
          WHERE p.idpessoa = ${p.id} AND p.brand = ${s.brand.id} AND p.documento_chave <> ${own}
          ORDER BY p.documento_chave, p.created_at DESC, p.id DESC) p
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${SAVED_HOLDERS_MAX}`,
  );
  for (const r of found) portadores.push({ origem: 'anterior', portador: portadorOf(r) });
  return { portadores };
}
