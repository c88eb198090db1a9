/**
 * The sandbox's side of bank slips and Pix charges: settling them (the operator command, the
 * Pix timer) and the signed notifications it sends to our webhook. A notification is the JSON
 * `{"ref": "<gatewayRef>", "status": "paid" | "expired"}` (a refund:
 * `{"refund": "<refundRef>", "key": "<our idempotency key>", "status": "refunded" | "failed"}`) with the header
 * `x-sandbox-signature: sha256=<hex HMAC-SHA256 of the raw body with PAYMENT_WEBHOOK_SECRET>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sandboxCobranca, sandboxCobrancaCartao, sandboxEstorno } from '#server/db/schema.ts';
import type {
  CancelOutcome,
  ChargeNotification,
  GatewayNotification,
  RefundNotification,
} from '../gateway';

/** The header carrying the signature. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';

/** A notification ready to post: its raw body and signature header value. */
export interface SignedNotification {
  body: string;
  signature: string;
}

/** Delivers a notification to our webhook; throws when it was not accepted. */
export type Notifier = (n: SignedNotification) => Promise<void>;

/** `sha256=<hex>` of `body` with `secret`. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** A signed notification of `ref` now being `status`. */
export function signNotification(
  ref: string,
  status: ChargeNotification['status'],
  secret: string,
): SignedNotification {
  const body = JSON.stringify({ ref, status });
  return { body, signature: signBody(body, secret) };
}

/** A signed notification of refund `ref` (our key `key`) now being `status`. */
export function signRefundNotification(
  ref: string,
  key: string,
  status: RefundNotification['status'],
  secret: string,
): SignedNotification {
  const body = JSON.stringify({ refund: ref, key, status });
  return { body, signature: signBody(body, secret) };
}

/** Checks the signature of a notification and reads it; null when it is not authentic. */
export function readSignedNotification(
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): GatewayNotification | null {
  const given = headers[SIGNATURE_HEADER];
  if (typeof given !== 'string') return null;
  const want = Buffer.from(signBody(rawBody, secret));
  const got = Buffer.from(given);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const n = JSON.parse(rawBody) as {
      ref?: unknown;
      refund?: unknown;
      key?: unknown;
      status?: unknown;
    };
    if (n.refund !== undefined) {
      if (typeof n.refund !== 'string' || typeof n.key !== 'string' || n.key === '') return null;
      if (n.status !== 'refunded' && n.status !== 'failed') return null;
      return { refundRef: n.refund, refundKey: n.key, status: n.status };
    }
    if (typeof n.ref !== 'string' || n.ref === '') return null;
    if (n.status !== 'paid' && n.status !== 'expired' && n.status !== 'failed') return null;
    return { gatewayRef: n.ref, status: n.status };
  } catch {
    return null;
  }
}

/** What {@link settleSandboxCharge} did. */
export interface Settled {
  /** not-found: no charge by that reference or locator. */
  outcome: 'paid' | 'expired' | 'already-paid' | 'already-expired' | 'cancelled' | 'not-found';
  ref?: string;
  /** The notification to send (also for a charge settled before: a replay is harmless). */
  notification?: SignedNotification;
}

/**
 * Settles a pending charge as the operator asks, `which` being its reference or our order's
 * locator (its latest charge). Paying a charge past its time expires it instead, as a bank
 * would refuse it. A charge settled before is answered with its notification again.
 */
export async function settleSandboxCharge(
  db: Db,
  which: string,
  want: 'paid' | 'expired',
  secret: string,
): Promise<Settled> {
  const [c] = await db
    .select()
    .from(sandboxCobranca)
    .where(or(eq(sandboxCobranca.ref, which), eq(sandboxCobranca.localizador, which)))
    .orderBy(desc(sandboxCobranca.createdAt))
    .limit(1);
  if (!c) return { outcome: 'not-found' };
  const [moved] = await db
    .update(sandboxCobranca)
    .set({
      status: sql`CASE WHEN ${want} = 'paid' AND ${sandboxCobranca.expiraEm} > now()
        THEN 'paid' ELSE 'expired' END`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(sandboxCobranca.ref, c.ref), eq(sandboxCobranca.status, 'pending')))
    .returning({ status: sandboxCobranca.status });
  const status = moved?.status ?? c.status;
  if (status === 'cancelled') return { outcome: 'cancelled', ref: c.ref };
  const final = status === 'paid' ? 'paid' : 'expired';
  return {
    outcome: moved ? final : final === 'paid' ? 'already-paid' : 'already-expired',
    ref: c.ref,
    notification: signNotification(c.ref, final, secret),
  };
}

/**
 * Settles a card charge the sandbox left pending (under review, test card `…0341`) by its
 * reference, as the operator asks: paid → approved, expired → declined (the card issuer
 * refused it after the review). The notification follows: `paid`, or `failed` for a refusal.
 * A charge settled before is answered with its notification again; a refunded one, or one
 * that was never pending and is not approved, as failed.
 */
export async function settleSandboxCard(
  db: Db,
  ref: string,
  want: 'paid' | 'expired',
  secret: string,
): Promise<Settled> {
  const [c] = await db
    .select({ status: sandboxCobrancaCartao.status })
    .from(sandboxCobrancaCartao)
    .where(eq(sandboxCobrancaCartao.ref, ref));
  if (!c) return { outcome: 'not-found' };
  const [moved] = await db
    .update(sandboxCobrancaCartao)
    .set({ status: want === 'paid' ? 'approved' : 'declined', updatedAt: sql`now()` })
    .where(and(eq(sandboxCobrancaCartao.ref, ref), eq(sandboxCobrancaCartao.status, 'pending')))
    .returning({ status: sandboxCobrancaCartao.status });
  const paid = (moved?.status ?? c.status) === 'approved';
  return {
    outcome: moved ? (paid ? 'paid' : 'expired') : paid ? 'already-paid' : 'already-expired',
    ref,
    notification: signNotification(ref, paid ? 'paid' : 'failed', secret),
  };
}

/** Cancels a pending charge; a paid one stays paid. */
export async function cancelSandboxCharge(db: Db, ref: string): Promise<CancelOutcome> {
  const [moved] = await db
    .update(sandboxCobranca)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(sandboxCobranca.ref, ref), eq(sandboxCobranca.status, 'pending')))
    .returning({ ref: sandboxCobranca.ref });
  if (moved) return 'cancelled';
  const [c] = await db.select().from(sandboxCobranca).where(eq(sandboxCobranca.ref, ref));
  if (!c) return 'unknown';
  return c.status === 'paid' ? 'paid' : 'cancelled';
}

/** What {@link settleSandboxRefunds} did. */
export interface SettledRefunds {
  /** refunded: at least one was pending; already-refunded: all were done before. */
  outcome: 'refunded' | 'already-refunded' | 'not-found';
  refs: string[];
  /** The notifications to send (also for refunds done before: a replay is harmless). */
  notifications: SignedNotification[];
}

/**
 * Confirms the refunds the sandbox was asked for, `which` being a refund's reference or our
 * order's locator (all its refunds), as the operator (or the refund timer) asks: pending →
 * refunded, each once. The notifications name every refund found, so running it again sends
 * them again (our webhook applies each once).
 */
export async function settleSandboxRefunds(
  db: Db,
  which: string,
  secret: string,
): Promise<SettledRefunds> {
  const found = await db
    .select()
    .from(sandboxEstorno)
    .where(or(eq(sandboxEstorno.ref, which), eq(sandboxEstorno.localizador, which)))
    .orderBy(sandboxEstorno.createdAt);
  if (found.length === 0) return { outcome: 'not-found', refs: [], notifications: [] };
  const moved = await db
    .update(sandboxEstorno)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(
      and(
        or(eq(sandboxEstorno.ref, which), eq(sandboxEstorno.localizador, which)),
        eq(sandboxEstorno.status, 'pending'),
      ),
    )
    .returning({ ref: sandboxEstorno.ref });
  const done = new Set(moved.map((m) => m.ref));
  const notifications = found.map((r) =>
    signRefundNotification(
      r.ref,
      r.idempotencyKey,
      done.has(r.ref) || r.status === 'refunded' ? 'refunded' : 'failed',
      secret,
    ),
  );
  return {
    outcome: moved.length > 0 ? 'refunded' : 'already-refunded',
    refs: found.map((r) => r.ref),
    notifications,
  };
}
