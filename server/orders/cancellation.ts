/**
 * The buyer cancels paid tickets (SuperIngresso.cancelaCompra [idmovimentacao, itens] →
 * `{ aguarde }`), and the gateway's refund notification settles the cancellation.
 *
 * 1. One transaction, under the order's row lock: the order is the person's and paid (PA), every
 *    chosen ticket is paid and may be cancelled now (brand.json `cancellation`,
 *    ./cancel-rules.ts); the refund is recorded (`estorno`, pending) and the tickets become CP
 *    (lifecycle.ts: still sold, shown "cancellation pending confirmation").
 * 2. The refund is asked of the gateway (idempotent per `estorno-<id>`). Refused → the tickets
 *    are PA again, the refund `failed`, and the buyer reads 'Erro no cancelamento, por favor entre
 *    em contato com o SAC.'. Nothing charged (a free ticket) → confirmed at once.
 * 3. The gateway's notification (sandbox: `npm run sandbox -- refund <localizador>` or
 *    SANDBOX_REFUND_DELAY_MS) is applied once ({@link resolveRefund}): refunded → the tickets CA
 *    and back on sale (the counter moves in the statement that marks them, so a second
 *    notification releases nothing) and the buyer mailed which tickets, how much and the locator
 *    (./refund-mail.ts, same transaction); failed → the tickets PA again.
 * 4. A server that dies between 1 and 2 leaves a pending refund never asked: the recovery pass
 *    asks it (same key) or reverts it, once ({@link recoverCancellationRefunds}).
 *
 * What is given back per ticket: what was charged for it (price after discounts, fee, the
 * refundable-ticket option, its share of the card interest), less the refundable option's price
 * when the ticket is cancelled after the withdrawal period by that option. The delivery fee is
 * given back with the last ticket of the order (nothing is left to deliver).
 *
 * Every refusal answers the same message (error.cancellationFailed): the reasons a ticket cannot
 * be cancelled are shown before asking (CarrinhoItem.cancel_motivo).
 */
import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { CancelaCompraResult, Locale, StatusMovimentacao } from '#schemas/contract.ts';
import { toCents, toReais } from '#server/catalog/lookup.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { generic } from '#server/errors.ts';
import {
  GatewayError,
  type PaymentGateway,
  type RefundNotification,
} from '#server/payments/gateway.ts';
import {
  confirmCancellation,
  markCancellationPending,
  refuse,
  revertCancellation,
} from './lifecycle';
import { mailRefundConfirmed } from './refund-mail';
import { selectItens } from './view';

/** Who cancels, where, and the gateway that refunds. */
export interface CancellationScope {
  db: Db;
  brand: LoadedBrand;
  locale: Locale;
  pessoa: { id: number };
  gateway: PaymentGateway;
}

const FAILED = 'error.cancellationFailed';

interface Planned {
  idestorno: number;
  key: string;
  valorCents: number;
  localizador: string;
  gatewayRef: string | null;
  gatewayId: string | null;
  itens: number[];
}

/**
 * cancelaCompra: asks the cancellation of paid tickets `itens` of order `idmovimentacao`.
 * @throws AppError error.cancellationFailed (not the person's order, not paid, a ticket that
 *   may not be cancelled now, or the gateway refused the refund).
 */
export async function cancelaCompra(
  s: CancellationScope,
  idmovimentacao: number,
  itens: number[],
): Promise<CancelaCompraResult> {
  const wanted = [...new Set(itens)];
  if (wanted.length === 0) throw generic(FAILED);
  const plan = await s.db.transaction(async (tx): Promise<Planned> => {
    const mov = await firstRow<{
      id: number;
      status: StatusMovimentacao;
      localizador: string;
      entrega_valor_cents: number;
    }>(
      tx,
      sql`SELECT id, status, localizador, entrega_valor_cents FROM movimentacao
          WHERE id = ${idmovimentacao} AND idpessoa = ${s.pessoa.id} AND brand = ${s.brand.id}
          FOR UPDATE`,
    );
    if (mov?.status !== 'PA') refuse(FAILED);
    const list = (await selectItens(tx, s.brand, s.locale, [mov.id])).get(mov.id) ?? [];
    const chosen = list.filter((i) => wanted.includes(i.iditem));
    if (
      chosen.length !== wanted.length ||
      chosen.some((i) => !i.cancel || i.tp_cancel !== 'estornar' || i.valor_estorno === undefined)
    ) {
      refuse(FAILED);
    }
    // The last tickets of the order: nothing is left to deliver, the delivery fee goes back too.
    const last = list.every((i) => wanted.includes(i.iditem));
    const valorCents =
      chosen.reduce((sum, i) => sum + toCents(i.valor_estorno ?? 0), 0) +
      (last ? Number(mov.entrega_valor_cents) : 0);
    const pay = await firstRow<{ id: number; gateway: string; gateway_ref: string | null }>(
      tx,
      sql`SELECT id, gateway, gateway_ref FROM pagamento
          WHERE idmovimentacao = ${mov.id} AND status = 'approved'
          ORDER BY id DESC LIMIT 1`,
    );
    if (valorCents > 0 && (!pay?.gateway_ref || pay.gateway !== s.gateway.id)) refuse(FAILED);
    const [next] = await rows<{ id: number }>(
      tx,
      sql`SELECT nextval(pg_get_serial_sequence('estorno', 'id'))::int AS id`,
    );
    const idestorno = Number(next!.id);
    // The key names the refund at the gateway and in its notification.
    const key = `estorno-${idestorno}`;
    await tx.execute(
      sql`INSERT INTO estorno (id, idmovimentacao, idpagamento, gateway, idempotency_key,
            valor_cents, status)
          VALUES (${idestorno}, ${mov.id}, ${pay?.id ?? null}, ${pay?.gateway ?? null}, ${key},
            ${valorCents}, 'pending')`,
    );
    const moved = await markCancellationPending(tx, mov.id, wanted, idestorno);
    if (moved.length !== wanted.length) refuse(FAILED);
    return {
      idestorno,
      key,
      valorCents,
      localizador: mov.localizador,
      gatewayRef: pay?.gateway_ref ?? null,
      gatewayId: pay?.gateway ?? null,
      itens: moved,
    };
  });

  const answer: CancelaCompraResult = {
    aguarde: true,
    idmovimentacao,
    itens: plan.itens,
    valor_estorno: toReais(plan.valorCents),
  };
  if (plan.valorCents === 0 || !plan.gatewayRef) {
    await settle(s.db, plan.idestorno, 'refunded', null, [s.brand]);
    return { ...answer, aguarde: false };
  }
  let status: 'pending' | 'refunded' | 'failed';
  let refundRef: string | null = null;
  try {
    if (!s.gateway.requestRefund) throw new GatewayError('refunds not supported');
    const r = await s.gateway.requestRefund({
      gatewayRef: plan.gatewayRef,
      amountCents: plan.valorCents,
      idempotencyKey: plan.key,
      localizador: plan.localizador,
    });
    status = r.status;
    refundRef = r.refundRef;
  } catch {
    // Refused, or the gateway could not be asked: nothing is given back, the tickets stay paid.
    status = 'failed';
  }
  if (status === 'pending') {
    await s.db.execute(sql`UPDATE estorno SET gateway_ref = coalesce(gateway_ref, ${refundRef}),
                           updated_at = now() WHERE id = ${plan.idestorno}`);
    return answer;
  }
  await settle(s.db, plan.idestorno, status, refundRef, [s.brand]);
  if (status === 'failed') throw generic(FAILED);
  return { ...answer, aguarde: false };
}

/** What a refund notification did. */
export type RefundResolution = 'cancelled' | 'reverted' | 'unchanged' | 'unknown';

/**
 * Settles refund `idestorno` once, under its order's row lock: only a `pending` refund moves;
 * refunded → its tickets CA and back on sale and the buyer mailed (same transaction, so once),
 * failed → its tickets PA again.
 */
async function settle(
  db: Db,
  idestorno: number,
  outcome: 'refunded' | 'failed',
  refundRef: string | null,
  brands: readonly LoadedBrand[],
): Promise<RefundResolution> {
  const e = await firstRow<{ idmovimentacao: number }>(
    db,
    sql`SELECT idmovimentacao FROM estorno WHERE id = ${idestorno}`,
  );
  if (!e) return 'unknown';
  return db.transaction(async (tx): Promise<RefundResolution> => {
    await tx.execute(sql`SELECT id FROM movimentacao WHERE id = ${e.idmovimentacao} FOR UPDATE`);
    const [moved] = await rows<{ id: number }>(
      tx,
      sql`UPDATE estorno SET status = ${outcome === 'refunded' ? 'confirmed' : 'failed'},
            gateway_ref = coalesce(gateway_ref, ${refundRef}), updated_at = now()
          WHERE id = ${idestorno} AND status = 'pending' RETURNING id`,
    );
    if (!moved) return 'unchanged';
    if (outcome === 'refunded') {
      await confirmCancellation(tx, e.idmovimentacao, idestorno);
      await mailRefundConfirmed(tx, brands, idestorno);
      return 'cancelled';
    }
    await revertCancellation(tx, e.idmovimentacao, idestorno);
    return 'reverted';
  });
}

/**
 * Applies a verified refund notification of gateway `gatewayId`, once (a replay answers
 * `unchanged`; a refund we never asked, `unknown`); a confirmed refund mails its buyer
 * (`brands`: to find the order's brand).
 */
export async function resolveRefund(
  db: Db,
  brands: readonly LoadedBrand[],
  gatewayId: string,
  n: RefundNotification,
): Promise<RefundResolution> {
  const e = await firstRow<{ id: number }>(
    db,
    sql`SELECT id FROM estorno WHERE idempotency_key = ${n.refundKey} AND gateway = ${gatewayId}`,
  );
  if (!e) return 'unknown';
  return settle(db, Number(e.id), n.status, n.refundRef, brands);
}

/** What {@link recoverCancellationRefunds} did. */
export interface CancellationRecovery {
  /** Refunds asked of the gateway now (or confirmed at once: nothing to give back). */
  asked: number;
  /** Refunds the gateway refused now: their tickets paid again. */
  reverted: number;
  /** Left for a later pass (the gateway could not be asked). */
  left: number;
}

/** Options of {@link recoverCancellationRefunds}. */
export interface CancellationRecoveryOptions {
  gateways: readonly PaymentGateway[];
  /** To mail the buyers of refunds confirmed at once. */
  brands: readonly LoadedBrand[];
  /** Only cancellations recorded at least this long ago (longer than any gateway call). */
  afterSeconds: number;
  /**
   * A claimed refund is not claimed again, by this or another server, for this long (default
   * 30 s, at most `afterSeconds`).
   */
  leaseSeconds?: number;
  limit?: number;
  onError?: (err: unknown, idestorno: number) => void;
}

/**
 * Crash safety of cancellations: a refund recorded (`estorno` pending, its tickets CP) whose
 * request never reached our record of the gateway's answer — the server died between the
 * transaction of step 1 and asking the gateway, or before saving its answer — is asked now with
 * its own idempotency key (`estorno-<id>`), so the gateway makes it at most once however many
 * times it is asked: pending → its reference kept, the notification settles it as usual;
 * refunded or nothing to give back → confirmed (tickets CA, back on sale, buyer mailed); refused
 * ({@link GatewayError}) → reverted (tickets PA again). A gateway that cannot be asked now leaves
 * it for the next pass. Safe on any number of servers: refunds are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, and each is settled by {@link settle}, once.
 */
export async function recoverCancellationRefunds(
  db: Db,
  opts: CancellationRecoveryOptions,
): Promise<CancellationRecovery> {
  const out: CancellationRecovery = { asked: 0, reverted: 0, left: 0 };
  const after = Math.max(0, opts.afterSeconds);
  const lease = Math.max(0, opts.leaseSeconds ?? Math.min(30, after));
  const claimed = await rows<{
    id: number;
    gateway: string | null;
    idempotency_key: string;
    valor_cents: number;
    localizador: string;
    charge_ref: string | null;
  }>(
    db,
    sql`WITH due AS (
          UPDATE estorno SET updated_at = now()
          WHERE id IN (
            SELECT id FROM estorno
            WHERE status = 'pending' AND gateway_ref IS NULL
              AND created_at <= now() - ${after}::float8 * interval '1 second'
              AND updated_at <= now() - ${lease}::float8 * interval '1 second'
            ORDER BY id LIMIT ${opts.limit ?? 100} FOR UPDATE SKIP LOCKED)
          RETURNING id, idmovimentacao, idpagamento, gateway, idempotency_key, valor_cents)
        SELECT d.id, d.gateway, d.idempotency_key, d.valor_cents, m.localizador,
          p.gateway_ref AS charge_ref
        FROM due d
        JOIN movimentacao m ON m.id = d.idmovimentacao
        LEFT JOIN pagamento p ON p.id = d.idpagamento
        ORDER BY d.id`,
  );
  for (const r of claimed) {
    const id = Number(r.id);
    const valorCents = Number(r.valor_cents);
    try {
      if (valorCents === 0 || !r.charge_ref) {
        // Nothing was charged for these tickets: confirmed at once, as cancelaCompra does.
        if ((await settle(db, id, 'refunded', null, opts.brands)) === 'cancelled') out.asked++;
        continue;
      }
      const gateway = opts.gateways.find((g) => g.id === r.gateway);
      if (!gateway?.requestRefund) {
        out.left++;
        continue;
      }
      let answer: { status: 'pending' | 'refunded' | 'failed'; refundRef: string | null };
      try {
        answer = await gateway.requestRefund({
          gatewayRef: r.charge_ref,
          amountCents: valorCents,
          idempotencyKey: r.idempotency_key,
          localizador: r.localizador,
        });
      } catch (err) {
        // Not a refusal: the gateway could not be asked now; the next pass asks again.
        if (!(err instanceof GatewayError)) throw err;
        answer = { status: 'failed', refundRef: null };
      }
      if (answer.status === 'pending') {
        await db.execute(
          sql`UPDATE estorno SET gateway_ref = coalesce(gateway_ref, ${answer.refundRef}),
                updated_at = now()
              WHERE id = ${id} AND status = 'pending'`,
        );
        out.asked++;
      } else if (answer.status === 'refunded') {
        await settle(db, id, 'refunded', answer.refundRef, opts.brands);
        out.asked++;
      } else if ((await settle(db, id, 'failed', answer.refundRef, opts.brands)) === 'reverted') {
        out.reverted++;
      }
    } catch (err) {
      out.left++;
      opts.onError?.(err, id);
    }
  }
  return out;
}
