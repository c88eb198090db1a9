/**
 * Payment of a cart: the gateway offer, the idempotent payment attempt and the conclusion that
 * issues the tickets. See README.md for the invariants.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  CartaoToken,
  ConcluirPagamentoResult,
  FormaPagamento,
  GatewayFormaPagamento,
  GetGatewayPagamentoResult,
  IniciarPagamentoResult,
  PagamentoOpcoes,
  StatusMovimentacao,
} from '#schemas/contract.ts';
import { agencyMinimum } from '#schemas/agency-minimum.ts';
import { agencyBlock } from '#server/accounts/rules.ts';
import { recordAcceptance } from '#server/accounts/service.ts';
import { captchaRequired, verifyCaptcha } from '#server/captcha/verify.ts';
import type { CartScope } from '#server/cart/cart-scope.ts';
import { deliveryMissing } from '#server/cart/delivery.ts';
import { holdersMissing } from '#server/cart/holders.ts';
import { couponOf, couponUseRefusal, repriceOrder, setOrderCoupon } from '#server/cart/offers.ts';
import type { CouponRefusal } from '#server/cart/pricing.ts';
import { toCents, toReais } from '#server/catalog/lookup.ts';
import { currentVersion, TERMO_COMPRA } from '#server/content/terms.ts';
import type { Db } from '#server/db/client.ts';
import { pagamento } from '#server/db/schema.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { badParams, generic } from '#server/errors.ts';
import { t } from '#server/i18n.ts';
import {
  awaitPayment,
  beginPayment,
  EXPIRED_HOLD,
  expireHolds,
  refuse,
  settlePayment,
} from '#server/orders/lifecycle.ts';
import { ITEM_TOTAL_CENTS } from '#server/orders/view.ts';
import { spDate, spDateTimeMinutes, spInstant } from '#server/time.ts';
import { campaignOfOrder, checkCampaignPayment } from './card-campaign';
import { type Answer, GatewayError, type PaymentGateway } from './gateway';
import { concludePaid, keepInstalments } from './conclude';
import { crashPoint } from './crash-point';
import { type InstallmentOption, installmentOptions } from './installments';
import { issuedBoleto, issuedPix } from './issued';
import { tellBuyer } from './tell-buyer';
import { settleLateAnswer } from './recovery';

/** idformapag of a card payment through the brand's gateway. */
export const IDFORMAPAG_CARTAO = 1;
/** idformapag of a bank slip (boleto). */
export const IDFORMAPAG_BOLETO = 2;
/** idformapag of a Pix charge. */
export const IDFORMAPAG_PIX = 3;

const FORMA_OF_ID: Record<number, FormaPagamento> = {
  [IDFORMAPAG_CARTAO]: 'cartao',
  [IDFORMAPAG_BOLETO]: 'boleto',
  [IDFORMAPAG_PIX]: 'pix',
};
const ID_OF_FORMA: Record<FormaPagamento, number> = {
  cartao: IDFORMAPAG_CARTAO,
  boleto: IDFORMAPAG_BOLETO,
  pix: IDFORMAPAG_PIX,
};

/** Gateway names longer than this are shortened (spec §9). */
export const GATEWAY_NAME_MAX = 18;

/** A gateway name as shown: at most {@link GATEWAY_NAME_MAX} characters, cut with an ellipsis. */
export function shortGatewayName(nome: string): string {
  const chars = [...nome.trim()];
  if (chars.length <= GATEWAY_NAME_MAX) return chars.join('');
  return `${chars
    .slice(0, GATEWAY_NAME_MAX - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The methods a brand offers with its gateway, card first: a method is on when the brand's
 * `payments.methods` turns it on (absent: card only) and the gateway has the capability.
 */
export function enabledMethods(s: PaymentScope): FormaPagamento[] {
  const m = s.brand.brand.payments.methods;
  const out: FormaPagamento[] = [];
  if (m ? m.card?.enabled === true : true) out.push('cartao');
  if (m?.boleto?.enabled && s.gateway.issueBoleto) out.push('boleto');
  if (m?.pix?.enabled && s.gateway.issuePix) out.push('pix');
  return out;
}

/**
 * Time a payment attempt keeps the units held even if the reservation's own expiry passes
 * meanwhile, so an attempt begun in time can finish.
 */
export const PAYMENT_GRACE_SECONDS = 120;

/** An attempt still `processing` after this long is considered lost (the server stopped). */
const PROCESSING_STALE_MS = 2 * 60_000;

/** A payment request in scope: the cart scope and the brand's gateway. */
export interface PaymentScope extends CartScope {
  gateway: PaymentGateway;
  /** The buyer's address (the captcha's check and the terms' acceptance record it). */
  ip: string;
}

interface OpenCart {
  id: number;
  status: StatusMovimentacao;
  expired: boolean;
  dthr_exp: unknown;
  total_cents: number;
  units: number;
  cupom: string | null;
  garantia: boolean | null;
}

async function lockCart(db: Db, s: CartScope, idmovimentacao: number, lock: boolean) {
  return firstRow<OpenCart>(
    db,
    sql`SELECT m.id, m.status, m.dthr_exp,
          ${EXPIRED_HOLD} AS expired,
          ((SELECT coalesce(sum(${ITEM_TOTAL_CENTS}), 0) FROM movimentacao_item i
            WHERE i.idmovimentacao = m.id AND i.status <> 'CA')
            + m.entrega_valor_cents)::int AS total_cents,
          m.cupom, m.garantia,
          (SELECT count(*) FROM movimentacao_item i
            WHERE i.idmovimentacao = m.id AND i.status <> 'CA')::int AS units
        FROM movimentacao m
        WHERE m.id = ${idmovimentacao} AND m.idpessoa = ${s.pessoa.id} AND m.brand = ${s.brand.id}
        ${lock ? sql`FOR UPDATE OF m` : sql``}`,
  );
}

/** The card's instalment options for `totalCents` under the brand's interest table. */
function offer(s: CartScope, totalCents: number): InstallmentOption[] {
  const p = s.brand.brand.payments;
  return installmentOptions(totalCents, {
    maxInstallments: p.maxInstallments,
    minValueCents: toCents(p.minInstallmentValue),
    interestFree: p.interestFreeInstallments ?? 1,
    monthlyRate: p.monthlyInterestRate ?? 0,
  });
}

/**
 * The gateway offer for the person's open cart: one entry per method the brand has on (card:
 * instalments, each at least the brand's minimum, accepted card brands and the tokenizer
 * script; bank slip and Pix: one payment of the total), the first of them also at the top level.
 * @throws gateway ('Erro no gateway') when no method is available.
 */
export async function getGatewayPagamento(
  s: PaymentScope,
  idmovimentacao: number,
): Promise<GetGatewayPagamentoResult> {
  const cart = await lockCart(s.db, s, idmovimentacao, false);
  if (!cart || !['RE', 'TP', 'EX'].includes(cart.status)) throw generic('error.cartNotFound');
  if (cart.expired || cart.status === 'EX') throw generic('error.reservationExpired');
  if (cart.units === 0) throw generic('error.cartNotFound');
  const methods = s.brand.brand.payments.methods;
  // An order with a card-brand campaign's product is paid by card (with the campaign's card).
  const campaign = await campaignOfOrder(s.db, s.brand, cart.id);
  const common = {
    id_criptografado: s.gateway.publicKey(s.brand.id),
    ambiente: s.gateway.ambiente,
    parcelaSelect: 1,
  };
  const total = toReais(cart.total_cents);
  const single = [{ parcela: 1, valor: total, primeira: total, total, juros: 0 }];
  const offered = enabledMethods(s).filter((forma) => !campaign || forma === 'cartao');
  const formas = offered.map((forma): GatewayFormaPagamento => {
    if (forma === 'cartao') {
      return {
        ...common,
        forma,
        nome: shortGatewayName(s.gateway.nome),
        idformapag: IDFORMAPAG_CARTAO,
        parcelas: offer(s, cart.total_cents).map((o) => ({
          parcela: o.parcela,
          valor: toReais(o.valorCents),
          primeira: toReais(o.primeiraCents),
          total: toReais(o.totalCents),
          juros: toReais(o.jurosCents),
        })),
        bandeiras_aceitas: [...s.brand.brand.payments.acceptedBrands],
        files_include: [...s.gateway.filesInclude],
      };
    }
    const entry = {
      ...common,
      forma,
      nome: shortGatewayName(
        t(s.locale, forma === 'boleto' ? 'payment.method.boleto' : 'payment.method.pix'),
      ),
      idformapag: ID_OF_FORMA[forma],
      parcelas: single,
      bandeiras_aceitas: [],
      files_include: [],
    };
    return forma === 'boleto'
      ? { ...entry, vencimento_dias: methods?.boleto?.dueDays ?? 0 }
      : { ...entry, expira_minutos: methods?.pix?.expiryMinutes ?? 0 };
  });
  const [first] = formas;
  if (!first) throw generic('error.gateway');
  return { ...first, formas };
}

type PagamentoRow = typeof pagamento.$inferSelect;

function storedResult(s: CartScope, p: PagamentoRow): IniciarPagamentoResult {
  const forma = p.forma as FormaPagamento;
  switch (p.status) {
    case 'approved':
      return {
        idpagamento: p.id,
        status: 'approved',
        mensagem: t(s.locale, 'payment.approvedMessage'),
        forma,
      };
    case 'pending':
      if (forma === 'boleto') {
        const boleto = issuedBoleto(p);
        return {
          idpagamento: p.id,
          status: 'pending',
          mensagem: t(s.locale, 'payment.boletoPendingMessage', {
            // The calendar date in the language's order (27/11/2026, 11/27/2026).
            vencimento: new Intl.DateTimeFormat(s.locale, {
              day: '2-digit',
              month: '2-digit',
              year: 'numeric',
              timeZone: 'UTC',
            }).format(new Date(`${boleto.vencimento}T12:00:00Z`)),
          }),
          forma,
          boleto,
        };
      }
      if (forma === 'pix') {
        const pix = issuedPix(p);
        return {
          idpagamento: p.id,
          status: 'pending',
          mensagem: t(s.locale, 'payment.pixPendingMessage', {
            expira: spDateTimeMinutes(new Date(pix.expira_em)).slice(11),
          }),
          forma,
          pix,
        };
      }
      return {
        idpagamento: p.id,
        status: 'pending',
        mensagem: t(s.locale, 'payment.pendingMessage'),
        forma,
      };
    case 'declined':
      return {
        idpagamento: p.id,
        status: 'declined',
        mensagem: t(s.locale, 'error.paymentDeclined'),
        forma,
      };
    // The gateway did not answer in time: in progress until recovery settles it (recovery.ts).
    case 'unknown':
      return {
        idpagamento: p.id,
        status: 'pending',
        mensagem: t(s.locale, 'payment.pendingMessage'),
        forma,
      };
    // Charged after its units were gone (recovery.ts): the money is given back.
    case 'refunding':
    case 'refunded':
      return {
        idpagamento: p.id,
        status: 'declined',
        mensagem: t(s.locale, 'error.reservationExpired'),
        forma,
      };
    // A slip or Pix charge that expired or was cancelled: that attempt is over (retry with a
    // new key while the cart is open).
    case 'expired':
    case 'cancelled':
      return {
        idpagamento: p.id,
        status: 'declined',
        mensagem: t(s.locale, 'payment.chargeClosed'),
        forma,
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
  | { kind: 'new'; idpagamento: number; amountCents: number; localizador: string }
  | { kind: 'existing'; key: string }
  | { kind: 'repriced'; refusal: CouponRefusal | null };

const DAY_MS = 86_400_000;

/** The day after a `YYYY-MM-DD` calendar date. */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * When a new slip or Pix charge of the brand stops being payable: a slip is due `dueDays`
 * Sao Paulo calendar days from today and payable until the end of that day; a Pix charge for
 * `expiryMinutes`.
 */
function chargeTimes(s: PaymentScope, forma: FormaPagamento) {
  const m = s.brand.brand.payments.methods;
  if (forma === 'boleto') {
    const vencimento = spDate(new Date(Date.now() + (m?.boleto?.dueDays ?? 1) * DAY_MS));
    return { vencimento, expiraEm: spInstant(nextDay(vencimento), '00:00') };
  }
  if (forma === 'pix') {
    return {
      vencimento: null,
      expiraEm: new Date(Date.now() + (m?.pix?.expiryMinutes ?? 30) * 60_000),
    };
  }
  return { vencimento: null, expiraEm: null };
}

/** Asks the gateway: charges the card, or issues the slip or the Pix charge. */
async function askGateway(
  s: PaymentScope,
  forma: FormaPagamento,
  cartao: CartaoToken | null,
  p: PagamentoRow,
  localizador: string,
  opcoes: PagamentoOpcoes,
): Promise<Answer> {
  try {
    if (forma === 'boleto' && s.gateway.issueBoleto) {
      const slip = await s.gateway.issueBoleto({
        amountCents: p.valorCents,
        idempotencyKey: p.idempotencyKey,
        banco: s.brand.brand.payments.methods?.boleto?.banco ?? '001',
        vencimento: p.boletoVencimento ?? '',
        expiraEm: p.expiraEm ?? new Date(),
        localizador,
      });
      return { status: 'pending', gatewayRef: slip.gatewayRef, boletoBarcode: slip.barcode };
    }
    if (forma === 'pix' && s.gateway.issuePix) {
      const pix = s.brand.brand.payments.methods?.pix;
      const charge = await s.gateway.issuePix({
        amountCents: p.valorCents,
        idempotencyKey: p.idempotencyKey,
        expiraEm: p.expiraEm ?? new Date(),
        localizador,
        key: pix?.key ?? '',
        merchantName: pix?.merchantName ?? '',
        merchantCity: pix?.merchantCity ?? '',
      });
      return { status: 'pending', gatewayRef: charge.gatewayRef, pixPayload: charge.payload };
    }
    if (forma === 'cartao' && cartao) {
      const res = await s.gateway.charge({
        token: cartao.token,
        bandeira: cartao.bandeira,
        amountCents: p.valorCents,
        installments: opcoes.parcelas,
        idempotencyKey: p.idempotencyKey,
        publicKey: s.gateway.publicKey(s.brand.id),
      });
      // The charge is made and its answer not saved yet: the crash tests' kill point.
      crashPoint('after-charge');
      return { status: res.status, gatewayRef: res.gatewayRef };
    }
    return { status: 'error', gatewayRef: null };
  } catch (err) {
    // Refused (nothing charged): an error. No answer: perhaps charged, so the attempt stays in
    // progress when the gateway can be asked later (recovery.ts).
    const unknown = forma === 'cartao' && !(err instanceof GatewayError) && s.gateway.lookupCharge;
    return { status: unknown ? 'unknown' : 'error', gatewayRef: null };
  }
}

/**
 * Pays the person's open cart: with a card token (`idformapag` 1), a bank slip (2) or a Pix
 * charge (3). Idempotent per `opcoes.idempotencyKey`: a repeated key answers the stored result
 * and never charges (or issues) again, also when the repeats are concurrent; an order never has
 * two live slips or Pix charges, whatever the keys. While the gateway is asked the cart is TP;
 * declined (or a gateway error) returns it to RE (retry with a new key); a card pending makes the
 * order AP; a slip or Pix charge makes it AP until it expires (units stay sold); approved leaves
 * it TP with no expiry, awaiting {@link concluirPagamento}.
 */
export async function iniciarPagamento(
  s: PaymentScope,
  idmovimentacao: number,
  idformapag: number,
  cartao: CartaoToken | null,
  opcoes: PagamentoOpcoes,
): Promise<IniciarPagamentoResult> {
  const forma = FORMA_OF_ID[idformapag];
  if (!forma) throw badParams();
  // An agency pays only once its e-mail is confirmed and it is approved (as at the hold).
  const agencyBlocked = agencyBlock(s.brand, s.pessoa);
  if (agencyBlocked) throw agencyBlocked;
  if (!enabledMethods(s).includes(forma)) throw generic('error.paymentMethodUnavailable');
  if (forma === 'cartao') {
    if (!cartao) throw badParams();
    // The checkout refuses these before tokenizing; a client that does not is refused here, and
    // the gateway confirms the token's brand when charging.
    const accepted: readonly string[] = s.brand.brand.payments.acceptedBrands;
    if (!accepted.includes(cartao.bandeira)) {
      throw generic('error.cardBrandNotAccepted');
    }
  } else if (opcoes.parcelas !== 1) {
    throw badParams();
  }
  const key = opcoes.idempotencyKey;
  // The purchase terms' current version must be the one the buyer accepted, and the captcha
  // solved when the brand asks for one. A repeated key is answered below without either: its
  // attempt passed them, and a captcha solution works once.
  const terms = await currentVersion(s.brand, TERMO_COMPRA);
  const [known] = await s.db
    .select({ id: pagamento.id })
    .from(pagamento)
    .where(eq(pagamento.idempotencyKey, key));
  if (!known) {
    if (terms && opcoes.termo !== terms.idtermo) throw generic('error.purchaseTermsRequired');
    if (
      captchaRequired(s.brand, 'payment') &&
      !(await verifyCaptcha(s.db, s.brand, opcoes.captcha, s.ip))
    ) {
      throw generic('error.captcha');
    }
    await checkCampaignPayment(
      { db: s.db, brand: s.brand, gateway: s.gateway, locale: s.locale, bin: s.pessoa.bin },
      idmovimentacao,
      forma,
      cartao,
    );
  }

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
    // Already paid with another key, or a slip / Pix charge already live: answer that payment
    // rather than charging (or issuing) twice.
    const [live] = await tx
      .select()
      .from(pagamento)
      .where(
        and(
          eq(pagamento.idmovimentacao, cart.id),
          sql`(${pagamento.status} = 'approved' OR (${pagamento.forma} <> 'cartao'
            AND ${pagamento.status} IN ('processing','pending')))`,
        ),
      );
    if (live) return { kind: 'existing', key: live.idempotencyKey };
    if (cart.expired || cart.status === 'EX') refuse('error.reservationExpired');
    if (cart.status === 'TP' || cart.status === 'AP') refuse('error.paymentInProgress');
    if (cart.status !== 'RE' || cart.units === 0) refuse('error.cartNotFound');
    const agency = s.pessoa.idpessoaTipo === s.brand.brand.regrasDoNegocio.idagencia;
    // Agencies buy at least the brand's minimum per order (spec §5, §9).
    const minimum = agencyMinimum(s.brand.brand.regrasDoNegocio);
    if (agency && cart.units < minimum) refuse('error.agencyMinimum', { minimum });
    // Every ticket of an event whose holders are required has one before anything is charged
    // (under the order's lock: holders change only while the order is RE).
    if (await holdersMissing(tx, s.brand, cart.id)) refuse('error.holdersMissing');
    // The refundable-ticket option, when offered, is taken or declined before paying (spec §5).
    if (s.brand.brand.payments.refundable && cart.garantia === null) {
      refuse('error.refundableChoice');
    }
    // A product delivered to an address needs the address (and its fee, in the total) first.
    if (await deliveryMissing(tx, s.brand, cart.id)) refuse('error.deliveryAddressMissing');
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
    // The amount charged is the chosen option's total (with its interest), as offered.
    const option =
      forma === 'cartao'
        ? offer(s, cart.total_cents).find((o) => o.parcela === opcoes.parcelas)
        : undefined;
    if (forma === 'cartao' && !option) throw badParams();
    const times = chargeTimes(s, forma);
    const [created] = await tx
      .insert(pagamento)
      .values({
        idmovimentacao: cart.id,
        idempotencyKey: key,
        status: 'processing',
        forma,
        gateway: s.gateway.id,
        parcelas: opcoes.parcelas,
        valorCents: option?.totalCents ?? cart.total_cents,
        jurosCents: option?.jurosCents ?? 0,
        tokenRef: cartao?.token ?? null,
        bandeira: cartao?.bandeira ?? null,
        ultimosDigitos: cartao?.ultimos_digitos ?? null,
        movDthrExp: sql`${cart.dthr_exp}::timestamptz`,
        expiraEm: times.expiraEm,
        boletoVencimento: times.vencimento,
        documentoToken: forma === 'boleto' ? randomBytes(18).toString('base64url') : null,
      })
      .onConflictDoNothing({ target: pagamento.idempotencyKey })
      .returning({ id: pagamento.id });
    if (!created) return { kind: 'existing', key };
    if (terms) await recordAcceptance(tx, s.pessoa.id, terms, s.ip);
    await beginPayment(tx, cart.id, PAYMENT_GRACE_SECONDS);
    const [mov] = await rows<{ localizador: string }>(
      tx,
      sql`SELECT localizador FROM movimentacao WHERE id = ${cart.id}`,
    );
    return {
      kind: 'new',
      idpagamento: created.id,
      amountCents: option?.totalCents ?? cart.total_cents,
      localizador: mov?.localizador ?? '',
    };
  });

  if (begin.kind === 'existing') return awaitAttempt(s, begin.key);
  if (begin.kind === 'repriced') {
    throw begin.refusal
      ? generic(begin.refusal.id, begin.refusal.values)
      : generic('error.cartRepriced');
  }

  const [attempt] = await s.db.select().from(pagamento).where(eq(pagamento.id, begin.idpagamento));
  const answer = await askGateway(s, forma, cartao, attempt!, begin.localizador, opcoes);

  const saved = await s.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM movimentacao WHERE id = ${idmovimentacao} FOR UPDATE`);
    const [p] = await tx
      .update(pagamento)
      .set({
        status: answer.status,
        gatewayRef: answer.gatewayRef,
        boletoBarcode: answer.boletoBarcode ?? null,
        pixPayload: answer.pixPayload ?? null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(pagamento.id, begin.idpagamento), eq(pagamento.status, 'processing')))
      .returning();
    // Settled by recovery meanwhile (this request outlived its threshold): not written again.
    if (!p) return settleLateAnswer(tx, begin.idpagamento, answer);
    // No answer: the order stays TP with its units until recovery settles the attempt.
    if (answer.status === 'unknown') return p;
    if (answer.status === 'approved' || answer.status === 'pending') {
      await keepInstalments(tx, idmovimentacao);
    }
    if (answer.status === 'pending' && p!.expiraEm) {
      await awaitPayment(tx, idmovimentacao, p!.expiraEm);
    } else {
      await settlePayment(tx, idmovimentacao, answer.status, p!.movDthrExp);
    }
    return p!;
  });
  return storedResult(s, saved);
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
      // An attempt still in progress (no answer from the gateway yet): pending, as AP.
      const [open] = await tx
        .select({ id: pagamento.id })
        .from(pagamento)
        .where(
          and(
            eq(pagamento.idmovimentacao, mov.id),
            sql`${pagamento.status} IN ('processing','unknown')`,
          ),
        );
      if (open) return { status: 'AP' };
      const [approved] = await tx
        .select({ id: pagamento.id })
        .from(pagamento)
        .where(and(eq(pagamento.idmovimentacao, mov.id), eq(pagamento.status, 'approved')));
      if (!approved) refuse('error.paymentNotApproved');
      await concludePaid(tx, mov.id);
      // Paid here (a card approved at once): the confirmation mail with the tickets' PDF, in
      // the same transaction. A slip, Pix or late card answer is mailed where it is settled.
      await tellBuyer(tx, [s.brand], mov.id, 'payment_confirmed');
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
