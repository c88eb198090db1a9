/**
 * Payment of a cart: the gateway offer, the idempotent payment attempt and the conclusion that
 * issues the tickets. See README.md for the invariants.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  CartaoToken,
  ConcluirPagamentoResult,
  GatewayPagamento,
  IniciarPagamentoResult,
  PagamentoOpcoes,
  StatusMovimentacao,
} from '../../schemas/contract';
import type { CartScope } from '../cart/cart';
import { couponOf, couponUseRefusal, repriceOrder, setOrderCoupon } from '../cart/offers';
import type { CouponRefusal } from '../cart/pricing';
import { toCents, toReais } from '../catalog/lookup';
import type { Db } from '../db/client';
import { pagamento } from '../db/schema';
import { firstRow, rows } from '../db/sql';
import { badParams, generic } from '../errors';
import { t } from '../i18n';
import {
  beginPayment,
  concludeOrder,
  EXPIRED_HOLD,
  expireHolds,
  refuse,
  settlePayment,
} from '../orders/lifecycle';
import { ITEM_TOTAL_CENTS } from '../orders/view';
import type { PaymentGateway } from './gateway';
import { installmentOptions } from './installments';

/** The only payment method offered: card through the brand's gateway. */
export const IDFORMAPAG_CARTAO = 1;

/**
 * Time a payment attempt keeps the units held even if the reservation's own expiry passes
 * meanwhile, so an attempt begun in time can finish.
 */
export const PAYMENT_GRACE_SECONDS = 120;

/** Agencies buy at least this many units per order (spec §5, §9). */
export const AGENCY_MIN_ITEMS = 10;

/** An attempt still `processing` after this long is considered lost (the server stopped). */
const PROCESSING_STALE_MS = 2 * 60_000;

/** A payment request in scope: the cart scope and the brand's gateway. */
export interface PaymentScope extends CartScope {
  gateway: PaymentGateway;
}

interface OpenCart {
  id: number;
  status: StatusMovimentacao;
  expired: boolean;
  dthr_exp: unknown;
  total_cents: number;
  units: number;
  cupom: string | null;
}

async function lockCart(db: Db, s: CartScope, idmovimentacao: number, lock: boolean) {
  return firstRow<OpenCart>(
    db,
    sql`SELECT m.id, m.status, m.dthr_exp,
          ${EXPIRED_HOLD} AS expired,
          (SELECT coalesce(sum(${ITEM_TOTAL_CENTS}), 0) FROM movimentacao_item i
            WHERE i.idmovimentacao = m.id AND i.status <> 'CA')::int AS total_cents,
          m.cupom,
          (SELECT count(*) FROM movimentacao_item i
            WHERE i.idmovimentacao = m.id AND i.status <> 'CA')::int AS units
        FROM movimentacao m
        WHERE m.id = ${idmovimentacao} AND m.idpessoa = ${s.pessoa.id} AND m.brand = ${s.brand.id}
        ${lock ? sql`FOR UPDATE OF m` : sql``}`,
  );
}

function offer(s: CartScope, totalCents: number) {
  const p = s.brand.brand.payments;
  return installmentOptions(totalCents, p.maxInstallments, toCents(p.minInstallmentValue));
}

/**
 * The gateway offer for the person's open cart: instalments (each at least the brand's minimum),
 * accepted card brands and the tokenizer script.
 */
export async function getGatewayPagamento(
  s: PaymentScope,
  idmovimentacao: number,
): Promise<GatewayPagamento> {
  const cart = await lockCart(s.db, s, idmovimentacao, false);
  if (!cart || !['RE', 'TP', 'EX'].includes(cart.status)) throw generic('error.cartNotFound');
  if (cart.expired || cart.status === 'EX') throw generic('error.reservationExpired');
  if (cart.units === 0) throw generic('error.cartNotFound');
  return {
    nome: s.gateway.nome,
    id_criptografado: s.gateway.publicKey(s.brand.id),
    idformapag: IDFORMAPAG_CARTAO,
    parcelas: offer(s, cart.total_cents).map((o) => ({
      parcela: o.parcela,
      valor: toReais(o.valorCents),
    })),
    bandeiras_aceitas: [...s.brand.brand.payments.acceptedBrands],
    ambiente: s.gateway.ambiente,
    files_include: [...s.gateway.filesInclude],
  };
}

type PagamentoRow = typeof pagamento.$inferSelect;

function storedResult(s: CartScope, p: PagamentoRow): IniciarPagamentoResult {
  switch (p.status) {
    case 'approved':
      return {
        idpagamento: p.id,
        status: 'approved',
        mensagem: t(s.locale, 'payment.approvedMessage'),
      };
    case 'pending':
      return {
        idpagamento: p.id,
        status: 'pending',
        mensagem: t(s.locale, 'payment.pendingMessage'),
      };
    case 'declined':
      return {
        idpagamento: p.id,
        status: 'declined',
        mensagem: t(s.locale, 'error.paymentDeclined'),
      };
    default:
      throw generic('error.gateway');
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for a concurrent attempt with the same key to finish, then answers its result. */
async function awaitAttempt(s: CartScope, key: string): Promise<IniciarPagamentoResult> {
  for (;;) {
    const [p] = await s.db.select().from(pagamento).where(eq(pagamento.idempotencyKey, key));
    if (!p) throw generic('error.gateway');
    if (p.status !== 'processing') return storedResult(s, p);
    if (Date.now() - p.createdAt.getTime() > PROCESSING_STALE_MS) throw generic('error.gateway');
    await sleep(50);
  }
}

type Begin =
  | { kind: 'new'; idpagamento: number; amountCents: number }
  | { kind: 'existing'; key: string }
  | { kind: 'repriced'; refusal: CouponRefusal | null };

/**
 * Pays the person's open cart with a card token. Idempotent per `opcoes.idempotencyKey`: a
 * repeated key answers the stored result and never charges again, also when the repeats are
 * concurrent. While the gateway is asked the cart is TP; declined returns it to RE (retry with a
 * new key), pending makes the order AP, approved leaves it TP with no expiry, awaiting
 * {@link concluirPagamento}.
 */
export async function iniciarPagamento(
  s: PaymentScope,
  idmovimentacao: number,
  idformapag: number,
  cartao: CartaoToken,
  opcoes: PagamentoOpcoes,
): Promise<IniciarPagamentoResult> {
  if (idformapag !== IDFORMAPAG_CARTAO) throw badParams();
  // The checkout refuses these before tokenizing; a client that does not is refused here, and
  // the gateway confirms the token's brand when charging.
  if (!s.brand.brand.payments.acceptedBrands.includes(cartao.bandeira)) {
    throw generic('error.cardBrandNotAccepted');
  }
  const key = opcoes.idempotencyKey;

  // A hold past its time is marked EX first (committed), so a refusal below leaves it so.
  await expireHolds(s.db, { idpessoa: s.pessoa.id, idmovimentacao });
  const begin: Begin = await s.db.transaction(async (tx): Promise<Begin> => {
    const cart = await lockCart(tx, s, idmovimentacao, true);
    if (!cart) refuse('error.cartNotFound');
    const [prior] = await tx.select().from(pagamento).where(eq(pagamento.idempotencyKey, key));
    if (prior) {
      if (prior.idmovimentacao !== cart.id) throw badParams();
      return { kind: 'existing', key };
    }
    // Already paid with another key: answer that payment rather than charging twice.
    const [approved] = await tx
      .select()
      .from(pagamento)
      .where(and(eq(pagamento.idmovimentacao, cart.id), eq(pagamento.status, 'approved')));
    if (approved) return { kind: 'existing', key: approved.idempotencyKey };
    if (cart.expired || cart.status === 'EX') refuse('error.reservationExpired');
    if (cart.status === 'TP' || cart.status === 'AP') refuse('error.paymentInProgress');
    if (cart.status !== 'RE' || cart.units === 0) refuse('error.cartNotFound');
    const agency = s.pessoa.idpessoaTipo === s.brand.brand.regrasDoNegocio.idagencia;
    if (agency && cart.units < AGENCY_MIN_ITEMS) refuse('error.agencyMinimum');
    // The amount charged is the amount shown: prices as of now (a coupon may have run out of
    // time meanwhile) must be the ones the cart holds, and the coupon must still have a use
    // left (the last one goes to whoever begins paying first). Otherwise the cart is repriced
    // (committed) and the person asked to look again.
    const cupom = couponOf(s.brand, cart.cupom);
    const used = cupom && (await couponUseRefusal(tx, s.brand, cupom, s.pessoa.id, cart.id));
    if (used) await setOrderCoupon(tx, cart.id, null);
    if ((await repriceOrder(tx, s.brand, cart.id)) || used) {
      return { kind: 'repriced', refusal: used || null };
    }
    if (!offer(s, cart.total_cents).some((o) => o.parcela === opcoes.parcelas)) {
      throw badParams();
    }
    const [created] = await tx
      .insert(pagamento)
      .values({
        idmovimentacao: cart.id,
        idempotencyKey: key,
        status: 'processing',
        gateway: s.brand.brand.payments.gateway,
        parcelas: opcoes.parcelas,
        valorCents: cart.total_cents,
        tokenRef: cartao.token,
        bandeira: cartao.bandeira,
        ultimosDigitos: cartao.ultimos_digitos,
        movDthrExp: sql`${cart.dthr_exp}::timestamptz`,
      })
      .onConflictDoNothing({ target: pagamento.idempotencyKey })
      .returning({ id: pagamento.id });
    if (!created) return { kind: 'existing', key };
    await beginPayment(tx, cart.id, PAYMENT_GRACE_SECONDS);
    return { kind: 'new', idpagamento: created.id, amountCents: cart.total_cents };
  });

  if (begin.kind === 'existing') return awaitAttempt(s, begin.key);
  if (begin.kind === 'repriced') {
    throw begin.refusal
      ? generic(begin.refusal.id, begin.refusal.values)
      : generic('error.cartRepriced');
  }

  let status: 'approved' | 'declined' | 'pending' | 'error';
  let gatewayRef: string | null = null;
  try {
    const res = await s.gateway.charge({
      token: cartao.token,
      bandeira: cartao.bandeira,
      amountCents: begin.amountCents,
      installments: opcoes.parcelas,
      idempotencyKey: key,
    });
    status = res.status;
    gatewayRef = res.gatewayRef;
  } catch {
    status = 'error';
  }

  const saved = await s.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM movimentacao WHERE id = ${idmovimentacao} FOR UPDATE`);
    const [p] = await tx
      .update(pagamento)
      .set({ status, gatewayRef, updatedAt: sql`now()` })
      .where(eq(pagamento.id, begin.idpagamento))
      .returning();
    await settlePayment(tx, idmovimentacao, status, p!.movDthrExp);
    return p!;
  });
  return storedResult(s, saved);
}

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A ticket code: 12 base32 characters from 60 random bits. */
export function newTicketCode(): string {
  const bytes = randomBytes(8);
  let bits = bytes.readBigUInt64BE();
  let code = '';
  for (let i = 0; i < 12; i++) {
    code += CODE_ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return code;
}

/**
 * Concludes a paid order in one transaction: PA, one ticket per unit. Idempotent: a second call
 * answers the same tickets. A pending (AP) order answers AP with no tickets.
 * @throws paymentNotApproved when no payment of the order was approved.
 */
export async function concluirPagamento(
  s: CartScope,
  idmovimentacao: number,
): Promise<ConcluirPagamentoResult> {
  type Outcome =
    | { status: 'AP' }
    | { status: 'PA'; ingressos: { iditem: number; codigo: string }[] };
  const outcome: Outcome = await s.db.transaction(async (tx): Promise<Outcome> => {
    const mov = await firstRow<{ id: number; status: StatusMovimentacao }>(
      tx,
      sql`SELECT id, status FROM movimentacao
          WHERE id = ${idmovimentacao} AND idpessoa = ${s.pessoa.id} AND brand = ${s.brand.id}
          FOR UPDATE`,
    );
    if (!mov) refuse('error.cartNotFound');
    if (mov.status === 'AP') return { status: 'AP' };
    if (mov.status !== 'PA') {
      const [approved] = await tx
        .select({ id: pagamento.id })
        .from(pagamento)
        .where(and(eq(pagamento.idmovimentacao, mov.id), eq(pagamento.status, 'approved')));
      if (!approved) refuse('error.paymentNotApproved');
      await concludeOrder(tx, mov.id);
      const units = await rows<{ id: number }>(
        tx,
        sql`SELECT i.id FROM movimentacao_item i
            LEFT JOIN ingresso g ON g.iditem = i.id
            WHERE i.idmovimentacao = ${mov.id} AND i.status = 'PA' AND g.id IS NULL
            ORDER BY i.id`,
      );
      for (const u of units) {
        await tx.execute(
          sql`INSERT INTO ingresso (iditem, codigo) VALUES (${u.id}, ${newTicketCode()})
              ON CONFLICT (iditem) DO NOTHING`,
        );
      }
    }
    const tickets = await rows<{ iditem: number; codigo: string }>(
      tx,
      sql`SELECT g.iditem, g.codigo FROM ingresso g
          JOIN movimentacao_item i ON i.id = g.iditem
          WHERE i.idmovimentacao = ${mov.id} ORDER BY g.iditem`,
    );
    return { status: 'PA', ingressos: tickets };
  });
  return {
    idmovimentacao,
    status: outcome.status,
    ingressos: 'ingressos' in outcome ? outcome.ingressos : [],
  };
}
