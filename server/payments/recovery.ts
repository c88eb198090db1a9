/**
 * Crash safety of payments: an attempt whose answer our server lost (it died between the charge
 * and saving the answer, or the gateway did not answer in time) is settled later from the
 * gateway's own record, exactly once, through orders/lifecycle.ts:
 *
 * - charged (approved) → the payment approved and the order concluded (tickets issued by
 *   {@link concludePaid}) when its units are still held or still free to take back; when they are
 *   gone (sold to someone else, the session full or started) → the payment `refunding`, the order
 *   left released, then refunded through the adapter (`refunded`);
 * - pending (a card under review) → as when answered: the order AP, or a refund when its units
 *   are gone;
 * - not charged (declined, or no charge for the key) → the payment declined and the order back to
 *   the cart (RE) while its hold lasts, else released (EX); a slip or Pix charge the buyer never
 *   saw is cancelled at the gateway first.
 *
 * It also concludes the orders left approved but never concluded (TP with no expiry: the buyer
 * never came back to collect the tickets), and asks the refunds of cancellations recorded but
 * never asked of the gateway (or reverts them when it refuses; orders/cancellation.ts
 * `recoverCancellationRefunds`). Run at start and on every sweeper pass; safe on any
 * number of servers: the attempts are claimed with `FOR UPDATE SKIP LOCKED` (and a short lease,
 * so two servers do not ask the gateway twice), and each is settled under its order's row lock
 * only while it is still in progress.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Db } from '#server/db/client.ts';
import { pagamento } from '#server/db/schema.ts';
import { rows } from '#server/db/sql.ts';
import { recoverCancellationRefunds } from '#server/orders/cancellation.ts';
import { releaseUnpaid, retakeUnits, settlePayment } from '#server/orders/lifecycle.ts';
import { CRASH_POINTS } from './crash-point';
import type { Answer, ChargeRecord, PaymentGateway } from './gateway';
import { tellBuyer } from './tell-buyer';
import { concludePaid } from './conclude';

/**
 * An attempt still in progress this long after it began is taken as lost (default of
 * PAYMENT_RECOVERY_SECONDS). Longer than any gateway call, shorter than the payment's grace
 * (PAYMENT_GRACE_SECONDS, 120 s), so the order usually still holds its units when recovered.
 */
export const RECOVERY_AFTER_SECONDS = 60;

/** A claimed attempt is not claimed again (by this or another server) for this long. */
const LEASE_SECONDS = 30;

type PagamentoRow = typeof pagamento.$inferSelect;

/** Options of {@link recoverPayments}. */
export interface RecoveryOptions {
  /** The adapters, found by the payment's `gateway` id. */
  gateways: readonly PaymentGateway[];
  /** To mail the buyers (confirmed / released); absent: no mail. */
  brands?: readonly LoadedBrand[];
  /** {@link RECOVERY_AFTER_SECONDS}. */
  afterSeconds?: number;
  /** Attempts (and orders) taken per pass. */
  limit?: number;
  /** An attempt that could not be settled now (the next pass tries again). */
  onError?: (err: unknown, idpagamento: number) => void;
  /** A cancellation's refund that could not be asked now (the next pass tries again). */
  onRefundError?: (err: unknown, idestorno: number) => void;
}

/** What a pass did. */
export interface RecoveryReport {
  /** Charged: tickets issued. */
  concluded: number;
  /** A card charge under review: the order AP. */
  pending: number;
  /** Charged after the units were gone: refunded through the adapter. */
  refunded: number;
  /** Not charged: the payment declined, the order back to the cart or released. */
  released: number;
  /** Left for a later pass (the gateway could not be asked, or cannot refund). */
  left: number;
  /** Settled meanwhile by its own request or another server: nothing done. */
  skipped: number;
  /** Approved orders never concluded, concluded now. */
  unconcluded: number;
  /**
   * Cancellations whose refund was recorded but never asked of the gateway (the server died in
   * between, orders/cancellation.ts `recoverCancellationRefunds`): asked now (or confirmed,
   * nothing being due).
   */
  refundsAsked: number;
  /** Such refunds the gateway refused: the tickets paid again. */
  refundsReverted: number;
}

/**
 * One recovery pass: settles the card, slip and Pix attempts in progress for longer than
 * `afterSeconds` (status `processing`, or `unknown` after a timeout), finishes the refunds due
 * (`refunding`) and concludes the approved orders left unconcluded as long.
 */
export async function recoverPayments(db: Db, opts: RecoveryOptions): Promise<RecoveryReport> {
  const report: RecoveryReport = {
    concluded: 0,
    pending: 0,
    refunded: 0,
    released: 0,
    left: 0,
    skipped: 0,
    unconcluded: 0,
    refundsAsked: 0,
    refundsReverted: 0,
  };
  const after = Math.max(0, opts.afterSeconds ?? RECOVERY_AFTER_SECONDS);
  const lease = Math.min(LEASE_SECONDS, after);
  const limit = opts.limit ?? 100;
  const claimed = await rows<{ id: number }>(
    db,
    sql`UPDATE pagamento SET updated_at = now()
        WHERE id IN (
          SELECT id FROM pagamento
          WHERE ((status IN ('processing','unknown')
                  AND created_at <= now() - ${after}::float8 * interval '1 second')
                OR status = 'refunding')
            AND updated_at <= now() - ${lease}::float8 * interval '1 second'
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  for (const { id } of claimed.sort((a, b) => a.id - b.id)) {
    try {
      report[await recoverOne(db, id, opts)]++;
    } catch (err) {
      report.left++;
      opts.onError?.(err, id);
    }
  }
  report.unconcluded = await concludeApproved(db, after, limit, opts.brands);
  const refunds = await recoverCancellationRefunds(db, {
    gateways: opts.gateways,
    brands: opts.brands ?? [],
    afterSeconds: after,
    leaseSeconds: lease,
    limit,
    ...(opts.onRefundError ? { onError: opts.onRefundError } : {}),
  });
  report.refundsAsked = refunds.asked;
  report.refundsReverted = refunds.reverted;
  report.left += refunds.left;
  return report;
}

type Verdict = Exclude<keyof RecoveryReport, 'unconcluded' | 'refundsAsked' | 'refundsReverted'>;

async function recoverOne(db: Db, id: number, opts: RecoveryOptions): Promise<Verdict> {
  const [p] = await db.select().from(pagamento).where(eq(pagamento.id, id));
  if (!p) return 'skipped';
  const gateway = opts.gateways.find((g) => g.id === p.gateway);
  if (p.status === 'refunding') return refundCharge(db, p, gateway, opts.brands);
  // Without a record to ask, nothing is known: the attempt waits for an operator.
  if (!gateway?.lookupCharge) return 'left';
  let record = await gateway.lookupCharge(p.idempotencyKey);
  let closed: 'declined' | 'cancelled' = 'declined';
  if (p.forma !== 'cartao' && record?.status === 'pending') {
    // A slip or Pix charge the buyer never saw: cancelled at the gateway, unless paid first.
    const outcome = gateway.cancelCharge ? await gateway.cancelCharge(record.gatewayRef) : 'paid';
    if (outcome === 'paid') record = { ...record, status: 'approved' };
    else {
      record = { ...record, status: 'declined' };
      closed = 'cancelled';
    }
  }
  const verdict = await db.transaction((tx) => settleRecovered(tx, p, record, closed, opts.brands));
  if (verdict !== 'refunding') return verdict;
  const [due] = await db.select().from(pagamento).where(eq(pagamento.id, id));
  return due ? refundCharge(db, due, gateway, opts.brands) : 'left';
}

/**
 * Settles an attempt in progress from the gateway's record, under its order's row lock, once:
 * nothing happens if it is no longer in progress (its request, or another server, settled it).
 */
async function settleRecovered(
  tx: Db,
  attempt: PagamentoRow,
  record: ChargeRecord | null,
  closed: 'declined' | 'cancelled',
  brands: readonly LoadedBrand[] | undefined,
): Promise<Verdict | 'refunding'> {
  const idmov = attempt.idmovimentacao;
  await tx.execute(sql`SELECT id FROM movimentacao WHERE id = ${idmov} FOR UPDATE`);
  const [p] = await tx
    .select()
    .from(pagamento)
    .where(and(eq(pagamento.id, attempt.id), inArray(pagamento.status, ['processing', 'unknown'])));
  if (!p) return 'skipped';
  const set = (status: string) =>
    tx
      .update(pagamento)
      .set({ status, gatewayRef: record?.gatewayRef ?? null, updatedAt: sql`now()` })
      .where(eq(pagamento.id, p.id));
  if (record?.status === 'approved' || record?.status === 'pending') {
    if (!(await retakeUnits(tx, idmov))) {
      await set('refunding');
      return 'refunding';
    }
    await set(record.status);
    if (record.status === 'pending') {
      await settlePayment(tx, idmov, 'pending', null);
      return 'pending';
    }
    await concludePaid(tx, idmov);
    if (brands) await tellBuyer(tx, brands, idmov, 'payment_confirmed');
    return 'concluded';
  }
  await set(closed);
  if (p.movDthrExp && p.movDthrExp.getTime() > Date.now()) {
    await settlePayment(tx, idmov, 'declined', p.movDthrExp);
  } else if ((await releaseUnpaid(tx, idmov)) && brands) {
    await tellBuyer(tx, brands, idmov, 'payment_released');
  }
  return 'released';
}

/**
 * Gives back the money of a `refunding` payment through the adapter, then marks it `refunded`
 * (once, under the order's lock). The adapter's refund is idempotent, so two servers finishing
 * the same refund do no harm. Without the capability (or a reference) it stays `refunding`.
 */
export async function refundCharge(
  db: Db,
  p: PagamentoRow,
  gateway: PaymentGateway | undefined,
  brands: readonly LoadedBrand[] | undefined,
): Promise<Verdict> {
  if (!gateway?.refund || !p.gatewayRef) return 'left';
  // 'unknown': the gateway holds no such charge, so there is nothing to give back either.
  await gateway.refund(p.gatewayRef);
  return db.transaction(async (tx): Promise<Verdict> => {
    await tx.execute(sql`SELECT id FROM movimentacao WHERE id = ${p.idmovimentacao} FOR UPDATE`);
    const moved = await tx
      .update(pagamento)
      .set({ status: 'refunded', updatedAt: sql`now()` })
      .where(and(eq(pagamento.id, p.id), eq(pagamento.status, 'refunding')))
      .returning({ id: pagamento.id });
    if (moved.length === 0) return 'skipped';
    if (brands) await tellBuyer(tx, brands, p.idmovimentacao, 'payment_refunded', p.valorCents);
    return 'refunded';
  });
}

/**
 * Concludes (tickets issued) the orders approved at least `afterSeconds` ago and never
 * concluded (TP with no expiry and an approved payment), taken with `FOR UPDATE SKIP LOCKED`.
 * @returns how many.
 */
async function concludeApproved(
  db: Db,
  afterSeconds: number,
  limit: number,
  brands: readonly LoadedBrand[] | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await rows<{ id: number }>(
      tx,
      sql`SELECT m.id FROM movimentacao m
          WHERE m.status = 'TP' AND m.dthr_exp IS NULL
            AND m.updated_at <= now() - ${afterSeconds}::float8 * interval '1 second'
            AND EXISTS (SELECT 1 FROM pagamento p
              WHERE p.idmovimentacao = m.id AND p.status = 'approved')
          ORDER BY m.id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    );
    for (const d of due) {
      await concludePaid(tx, d.id);
      if (brands) await tellBuyer(tx, brands, d.id, 'payment_confirmed');
    }
    return due.length;
  });
}

/**
 * The answer of an attempt that recovery settled first (its request outlived the threshold),
 * under the order's row lock: the stored payment, except that a charge the gateway made after
 * recovery found none (declined or cancelled) is due a refund (`refunding`, finished by the next
 * pass), never left taken without tickets.
 */
export async function settleLateAnswer(
  tx: Db,
  idpagamento: number,
  answer: Pick<Answer, 'status' | 'gatewayRef'>,
): Promise<PagamentoRow> {
  const [p] = await tx.select().from(pagamento).where(eq(pagamento.id, idpagamento));
  const charged = answer.status === 'approved' || answer.status === 'pending';
  if (p && charged && answer.gatewayRef && (p.status === 'declined' || p.status === 'cancelled')) {
    const [due] = await tx
      .update(pagamento)
      .set({ status: 'refunding', gatewayRef: answer.gatewayRef, updatedAt: sql`now()` })
      .where(eq(pagamento.id, idpagamento))
      .returning();
    if (due) return due;
  }
  if (!p) throw new Error(`payment ${idpagamento} vanished`);
  return p;
}

/** The crash-safety settings of the environment, validated. */
export type RecoveryEnv =
  | { ok: true; afterSeconds: number; sandboxChargeDelayMs: number }
  | { ok: false; problems: string[] };

/** Environment variables of crash safety, with their meaning. */
export const RECOVERY_ENV_DOC: Record<string, string> = {
  PAYMENT_RECOVERY_SECONDS: `a payment attempt still without an answer this many seconds after it began is settled from the gateway's record (default ${RECOVERY_AFTER_SECONDS}; 0 to 3600)`,
  SANDBOX_CHARGE_DELAY_MS:
    'the sandbox gateway answers a card charge this many milliseconds after making it (default 0; crash-safety tests)',
  CRASH_AT: `fault injection (tests only): the server kills itself with SIGKILL at this point (${CRASH_POINTS.join(', ')}); unset in production`,
};

/** Reads PAYMENT_RECOVERY_SECONDS and SANDBOX_CHARGE_DELAY_MS, and checks CRASH_AT. */
export function readRecoveryEnv(env: Record<string, string | undefined>): RecoveryEnv {
  const problems: string[] = [];
  const int = (name: string, dflt: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return dflt;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || n > max) {
      problems.push(`${name} must be a whole number from 0 to ${max} (got "${raw}")`);
      return dflt;
    }
    return n;
  };
  const afterSeconds = int('PAYMENT_RECOVERY_SECONDS', RECOVERY_AFTER_SECONDS, 3600);
  const sandboxChargeDelayMs = int('SANDBOX_CHARGE_DELAY_MS', 0, 60_000);
  const crashAt = env.CRASH_AT;
  if (crashAt && !(CRASH_POINTS as readonly string[]).includes(crashAt)) {
    problems.push(`CRASH_AT must be one of ${CRASH_POINTS.join(', ')} (got "${crashAt}")`);
  }
  return problems.length
    ? { ok: false, problems }
    : { ok: true, afterSeconds, sandboxChargeDelayMs };
}
