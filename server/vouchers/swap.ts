/**
 * SuperIngresso.iniciarTrocaVoucher: a partner's voucher (brands/<id>/vouchers/*.json, loaded by
 * ./sync.ts) is exchanged, exactly once, for the tickets it stands for: a paid order (price 0)
 * in the person's orders, its units counted against capacity like sold units, its tickets
 * issued like a paid order's. Everything in one transaction, under the voucher row's lock: a
 * second swap (the same person or another, even at the same moment) waits for the first and is
 * then refused with when it was used. A sold-out session refuses and leaves the voucher unused.
 *
 * Open-dated vouchers: asked without a session, the answer is the sessions to pick from
 * (`escolher`, nothing written); asked again with one of them, it is swapped.
 */
import { sql } from 'drizzle-orm';
import type {
  IniciarTrocaVoucherResult,
  Locale,
  VoucherResumo,
  VoucherSessao,
} from '#schemas/contract.ts';
import { cleanVoucher, isVoucher } from '#schemas/formats/voucher.ts';
import { SHOP_TIME_ZONE } from '#schemas/shop-time.ts';
import { guessKeys, recordFailure, waitMinutes, waitSeconds } from '#server/accounts/throttle.ts';
import { todayInSaoPaulo } from '#server/brands/schedule.ts';
import type { CartScope } from '#server/cart/cart-scope.ts';
import { newLocalizador } from '#server/cart/cart.ts';
import { catalogOf } from '#server/catalog/lookup.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { firstRow, retryTransaction, rows, toDate, toDateOrNull } from '#server/db/sql.ts';
import { AVAILABLE, refuse, sellFreeUnits } from '#server/orders/lifecycle.ts';
import { concludePaid } from '#server/payments/conclude.ts';
import { spDateTimeMinutes } from '#server/time.ts';

interface VoucherRow {
  id: number;
  localizador: string;
  parceiro: string;
  idevento: number;
  idproduto: number;
  qtd: number;
  sessao: unknown;
  valido_de: string | null;
  valido_ate: string | null;
  ativo: boolean;
  usado_em: unknown;
}

/** When a voucher was used, as the person reads it (Sao Paulo time, their language). */
export function usedAt(locale: Locale, at: Date): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: SHOP_TIME_ZONE,
  }).format(at);
}

/** A `YYYY-MM-DD` day as the person reads it. */
function dayText(locale: Locale, day: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * Swaps voucher `localizador` for person `idpessoa` (who must be the session's), for session
 * `idapresentacao` when it is open-dated.
 * @throws AppError (code 0) voucherPerson, voucherInvalid (malformed, unknown, withdrawn),
 *   throttled (too many unknown ones lately, `{minutes}`),
 *   voucherUsed (with when), voucherExpired, voucherNoSessions, voucherSessionUnavailable,
 *   voucherSoldOut.
 */
export async function iniciarTrocaVoucher(
  s: CartScope & { ip: string },
  localizador: string,
  idpessoa: number,
  idapresentacao?: number,
): Promise<IniciarTrocaVoucherResult> {
  if (idpessoa !== s.pessoa.id) refuse('error.voucherPerson');
  const code = cleanVoucher(localizador);
  if (!isVoucher(code)) refuse('error.voucherInvalid');
  // Guessing locators: unknown ones count per person and per address, and past a few of them
  // the next try waits (../accounts/throttle.ts), before any voucher is looked up.
  const guesses = guessKeys('voucher', s.brand.id, s.ip, s.pessoa.id);
  const wait = await waitSeconds(s.db, guesses);
  if (wait > 0) refuse('error.throttled', { minutes: waitMinutes(wait) });
  try {
    return await retryTransaction(() =>
      s.db.transaction((tx) => swap(tx, s, code, idapresentacao)),
    );
  } catch (e) {
    if (e instanceof AppError && e.messageId === 'error.voucherInvalid') {
      await recordFailure(s.db, guesses);
    }
    throw e;
  }
}

async function swap(
  tx: Db,
  s: CartScope,
  code: string,
  idapresentacao: number | undefined,
): Promise<IniciarTrocaVoucherResult> {
  const v = await firstRow<VoucherRow>(
    tx,
    sql`SELECT id, localizador, parceiro, idevento, idproduto, qtd, sessao, valido_de,
          valido_ate, ativo, usado_em
        FROM voucher WHERE brand = ${s.brand.id} AND localizador = ${code} FOR UPDATE`,
  );
  if (!v) refuse('error.voucherInvalid');
  const used = toDateOrNull(v.usado_em);
  if (used) refuse('error.voucherUsed', { quando: usedAt(s.locale, used) });
  if (!v.ativo) refuse('error.voucherInvalid');
  const entry = catalogOf(s.brand).product(v.idevento, v.idproduto);
  if (!entry) refuse('error.voucherSessionUnavailable');
  const sessao = toDateOrNull(v.sessao);
  const voucher: VoucherResumo = {
    localizador: v.localizador,
    parceiro: v.parceiro,
    idevento: v.idevento,
    evento: entry.event.nome[s.locale],
    idproduto: v.idproduto,
    produto: entry.product.nome[s.locale],
    qtd: v.qtd,
    dthr_apresentacao: sessao ? spDateTimeMinutes(sessao) : null,
    valido_de: v.valido_de,
    valido_ate: v.valido_ate,
  };

  let chosen: VoucherSessao | undefined;
  if (sessao) {
    [chosen] = await sessionsOf(tx, s.brand.id, v, { at: sessao });
    if (!chosen || (idapresentacao !== undefined && idapresentacao !== chosen.idapresentacao)) {
      refuse('error.voucherSessionUnavailable');
    }
  } else {
    if (v.valido_ate && v.valido_ate < todayInSaoPaulo(new Date())) {
      refuse('error.voucherExpired', { data: dayText(s.locale, v.valido_ate) });
    }
    if (idapresentacao === undefined) {
      const apresentacoes = (await sessionsOf(tx, s.brand.id, v, {})).filter(
        (a) => a.disponivel >= v.qtd,
      );
      if (apresentacoes.length === 0) refuse('error.voucherNoSessions');
      return { status: 'escolher', voucher, apresentacoes };
    }
    [chosen] = await sessionsOf(tx, s.brand.id, v, { id: idapresentacao });
    if (!chosen) refuse('error.voucherSessionUnavailable');
  }

  const idmovimentacao = await sellFreeUnits(tx, {
    brand: s.brand.id,
    idpessoa: s.pessoa.id,
    idapresentacao: chosen.idapresentacao,
    idproduto: v.idproduto,
    qtd: v.qtd,
    localizador: newLocalizador(),
  });
  if (idmovimentacao === null) refuse('error.voucherSoldOut');
  await concludePaid(tx, idmovimentacao);
  const [order] = await rows<{ localizador: string }>(
    tx,
    sql`SELECT localizador FROM movimentacao WHERE id = ${idmovimentacao}`,
  );
  await tx.execute(
    sql`UPDATE voucher SET usado_em = now(), idpessoa = ${s.pessoa.id},
          idmovimentacao = ${idmovimentacao}
        WHERE id = ${v.id} AND usado_em IS NULL`,
  );
  const ingressos = await rows<{ iditem: number; codigo: string }>(
    tx,
    sql`SELECT g.iditem, g.codigo FROM ingresso g
        JOIN movimentacao_item i ON i.id = g.iditem
        WHERE i.idmovimentacao = ${idmovimentacao} ORDER BY g.iditem`,
  );
  return {
    status: 'trocado',
    voucher,
    idmovimentacao,
    localizador: order!.localizador,
    idapresentacao: chosen.idapresentacao,
    dthr_apresentacao: chosen.dthr_apresentacao,
    ingressos,
  };
}

/**
 * The sessions of the voucher's event on sale (active, not started) that sell its product, with
 * the units left; `at`: the one at that instant; `id`: that one, if the voucher may take it;
 * neither: every one in the voucher's validity range (Sao Paulo days), soonest first.
 */
async function sessionsOf(
  tx: Db,
  brand: string,
  v: VoucherRow,
  which: { at?: Date; id?: number },
): Promise<VoucherSessao[]> {
  const found = await rows<{ id: number; dthr: unknown; disponivel: number }>(
    tx,
    sql`SELECT a.id, a.dthr, max(${AVAILABLE})::int AS disponivel
        FROM apresentacao a JOIN estoque e ON e.idapresentacao = a.id
        WHERE a.brand = ${brand} AND a.idevento = ${v.idevento} AND a.ativo AND a.dthr > now()
          AND e.idproduto = ${v.idproduto} AND e.ativo
          ${which.at ? sql`AND a.dthr = ${which.at.toISOString()}::timestamptz` : sql``}
          ${which.id !== undefined ? sql`AND a.id = ${which.id}` : sql``}
          ${v.valido_de ? sql`AND (a.dthr AT TIME ZONE ${SHOP_TIME_ZONE})::date >= ${v.valido_de}::date` : sql``}
          ${v.valido_ate ? sql`AND (a.dthr AT TIME ZONE ${SHOP_TIME_ZONE})::date <= ${v.valido_ate}::date` : sql``}
        GROUP BY a.id, a.dthr ORDER BY a.dthr LIMIT 200`,
  );
  return found.map((r) => ({
    idapresentacao: r.id,
    dthr_apresentacao: spDateTimeMinutes(toDate(r.dthr)),
    disponivel: Number(r.disponivel),
  }));
}
