/**
 * The sandbox gateway: a {@link PaymentGateway} whose tokens are made by its own endpoint
 * (routes.ts) and whose charge outcome is decided by the test card number behind the token.
 * Bank slips and Pix charges are issued with methods/boleto.ts and methods/pix.ts and stay
 * pending until the operator command (or, for Pix, an optional timer) settles them
 * (charges.ts); the sandbox then notifies our webhook, signed, as a real gateway would.
 * Card charges are recorded one per idempotency key (sandbox_cobranca_cartao): a repeated key
 * answers the charge already made, `lookupCharge` reads it back and `refund` gives it back, as a
 * real gateway's API would. A refund of part of a charge (`requestRefund`, a buyer's cancellation)
 * is recorded pending (sandbox_estorno) and confirmed by the operator command (`npm run sandbox
 * -- refund`) or after `refundDelayMs`, then notified to our webhook.
 * It stands for the gateway's side: it reads only its own tables (sandbox_token,
 * sandbox_cobranca, sandbox_cobranca_cartao).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  sandboxCobranca,
  sandboxCobrancaCartao,
  sandboxEstorno,
  sandboxToken,
} from '#server/db/schema.ts';
import {
  type ChargeRecord,
  GatewayError,
  GatewayTimeoutError,
  type PaymentGateway,
} from '../gateway';
import { boletoBarcode } from '../methods/boleto';
import { pixPayload } from '../methods/pix';
import {
  cancelSandboxCharge,
  type Notifier,
  readSignedNotification,
  settleSandboxCharge,
  settleSandboxRefunds,
} from './charges';

/** Public keys of sandbox accounts start with this. */
export const SANDBOX_KEY_PREFIX = 'pk_sandbox_';

/** URL path of the sandbox tokenizer script. */
export const TOKENIZER_PATH = '/sandbox-gateway/tokenizer.js';

/** The sandbox's adapter id (its webhook: POST /payments/webhook/sandbox). */
export const SANDBOX_ID = 'sandbox';

/** Options of {@link createSandboxGateway}. */
export interface SandboxOptions {
  /** The secret notifications are signed with (PAYMENT_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Pay each Pix charge this many seconds after it is issued (SANDBOX_PIX_AUTOPAY_SECONDS). */
  pixAutoPaySeconds?: number;
  /**
   * Milliseconds between making a card charge and answering it (SANDBOX_CHARGE_DELAY_MS; default
   * 0): the window in which a crash of our server loses the answer (crash-safety tests).
   */
  chargeDelayMs?: number;
  /**
   * Confirm each refund asked (`requestRefund`) this many milliseconds later
   * (SANDBOX_REFUND_DELAY_MS); 0 or absent: only the operator command confirms it.
   */
  refundDelayMs?: number;
}

/** The sandbox gateway, with the hook the app uses to let it reach our webhook. */
export interface SandboxGateway extends PaymentGateway {
  /** Where the sandbox delivers its notifications (the app's webhook route). */
  setNotifier(notify: Notifier): void;
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** A recorded card charge's status as a charge answer (a refunded one is no longer approved). */
function cardStatus(status: string): 'approved' | 'declined' | 'pending' {
  return status === 'approved' || status === 'pending' ? status : 'declined';
}

/** The sandbox gateway over `db`. */
export function createSandboxGateway(db: Db, opts: SandboxOptions): SandboxGateway {
  let notify: Notifier | null = null;

  async function existing(key: string) {
    const [c] = await db
      .select()
      .from(sandboxCobranca)
      .where(eq(sandboxCobranca.idempotencyKey, key));
    return c;
  }

  async function record(values: typeof sandboxCobranca.$inferInsert) {
    await db.insert(sandboxCobranca).values(values).onConflictDoNothing();
    const c = await existing(values.idempotencyKey);
    if (!c) throw new GatewayError('charge not recorded');
    return c;
  }

  return {
    id: SANDBOX_ID,
    nome: 'Sandbox',
    ambiente: 'sandbox',
    filesInclude: [TOKENIZER_PATH],
    publicKey: (brandId) => `${SANDBOX_KEY_PREFIX}${brandId}`,
    setNotifier(n) {
      notify = n;
    },
    async cardBin(token) {
      const [tok] = await db
        .select({ bin: sandboxToken.bin })
        .from(sandboxToken)
        .where(eq(sandboxToken.token, token));
      return tok?.bin ?? null;
    },
    async charge(req) {
      const [tok] = await db.select().from(sandboxToken).where(eq(sandboxToken.token, req.token));
      if (!tok) throw new GatewayError('unknown token');
      if (tok.bandeira !== req.bandeira) throw new GatewayError('card brand does not match');
      if (req.publicKey && tok.publicKey && tok.publicKey !== req.publicKey) {
        throw new GatewayError('token made for another account');
      }
      // A token is single-use: its first charge claims it for that key; the same key again (a
      // retry) answers that charge below, any other key (another order, another attempt) is
      // refused and charges nothing.
      const [claimed] = await db
        .update(sandboxToken)
        .set({ chargedKey: req.idempotencyKey })
        .where(
          and(
            eq(sandboxToken.token, req.token),
            sql`coalesce(${sandboxToken.chargedKey}, ${req.idempotencyKey}) = ${req.idempotencyKey}`,
          ),
        )
        .returning({ token: sandboxToken.token });
      if (!claimed) throw new GatewayError('token already used');
      // One charge per key: a repeated key (a retry after a lost answer) answers the charge
      // already made and never charges the card again.
      await db
        .insert(sandboxCobrancaCartao)
        .values({
          ref: `sbx_${randomBytes(9).toString('base64url')}`,
          idempotencyKey: req.idempotencyKey,
          token: req.token,
          valorCents: req.amountCents,
          parcelas: req.installments,
          status: tok.outcome === 'timeout' ? 'approved' : tok.outcome,
        })
        .onConflictDoNothing();
      const [c] = await db
        .select()
        .from(sandboxCobrancaCartao)
        .where(eq(sandboxCobrancaCartao.idempotencyKey, req.idempotencyKey));
      if (!c) throw new GatewayError('charge not recorded');
      if (c.token !== req.token || c.valorCents !== req.amountCents) {
        throw new GatewayError('idempotency key reused for another charge');
      }
      const delay = opts.chargeDelayMs ?? 0;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      if (tok.outcome === 'timeout') throw new GatewayTimeoutError('sandbox: answer timed out');
      return { status: cardStatus(c.status), gatewayRef: c.ref };
    },
    async lookupCharge(key): Promise<ChargeRecord | null> {
      const [card] = await db
        .select()
        .from(sandboxCobrancaCartao)
        .where(eq(sandboxCobrancaCartao.idempotencyKey, key));
      if (card) {
        return { status: card.status as ChargeRecord['status'], gatewayRef: card.ref };
      }
      const c = await existing(key);
      if (!c) return null;
      // A slip or Pix charge: paid is approved; expired or cancelled, declined.
      const status: ChargeRecord['status'] =
        c.status === 'paid'
          ? 'approved'
          : c.status === 'pending' || c.status === 'refunded'
            ? c.status
            : 'declined';
      return { status, gatewayRef: c.ref };
    },
    async refund(ref) {
      const [card] = await db
        .update(sandboxCobrancaCartao)
        .set({ status: 'refunded', updatedAt: sql`now()` })
        .where(
          and(
            eq(sandboxCobrancaCartao.ref, ref),
            inArray(sandboxCobrancaCartao.status, ['approved', 'pending', 'refunded']),
          ),
        )
        .returning({ ref: sandboxCobrancaCartao.ref });
      if (card) return 'refunded';
      const [slip] = await db
        .update(sandboxCobranca)
        .set({ status: 'refunded', updatedAt: sql`now()` })
        .where(
          and(eq(sandboxCobranca.ref, ref), inArray(sandboxCobranca.status, ['paid', 'refunded'])),
        )
        .returning({ ref: sandboxCobranca.ref });
      return slip ? 'refunded' : 'unknown';
    },
    async requestRefund(req) {
      const [card] = await db
        .select({ valor: sandboxCobrancaCartao.valorCents, status: sandboxCobrancaCartao.status })
        .from(sandboxCobrancaCartao)
        .where(eq(sandboxCobrancaCartao.ref, req.gatewayRef));
      const [slip] = card
        ? []
        : await db
            .select({ valor: sandboxCobranca.valorCents, status: sandboxCobranca.status })
            .from(sandboxCobranca)
            .where(eq(sandboxCobranca.ref, req.gatewayRef));
      const charge = card ?? slip;
      if (!charge || (charge.status !== 'approved' && charge.status !== 'paid')) {
        throw new GatewayError('no paid charge to refund');
      }
      // A repeated key answers the refund already asked.
      const [before] = await db
        .select()
        .from(sandboxEstorno)
        .where(eq(sandboxEstorno.idempotencyKey, req.idempotencyKey));
      if (before) {
        if (before.chargeRef !== req.gatewayRef || before.valorCents !== req.amountCents) {
          throw new GatewayError('idempotency key reused for another refund');
        }
        return { refundRef: before.ref, status: before.status as 'pending' | 'refunded' };
      }
      const [given] = await db
        .select({ n: sql<number>`coalesce(sum(${sandboxEstorno.valorCents}), 0)::int` })
        .from(sandboxEstorno)
        .where(
          and(
            eq(sandboxEstorno.chargeRef, req.gatewayRef),
            inArray(sandboxEstorno.status, ['pending', 'refunded']),
          ),
        );
      if (req.amountCents <= 0 || Number(given?.n ?? 0) + req.amountCents > charge.valor) {
        throw new GatewayError('refund exceeds the charge');
      }
      const ref = `sbx_ref_${randomBytes(9).toString('base64url')}`;
      await db
        .insert(sandboxEstorno)
        .values({
          ref,
          chargeRef: req.gatewayRef,
          idempotencyKey: req.idempotencyKey,
          valorCents: req.amountCents,
          localizador: req.localizador,
        })
        .onConflictDoNothing();
      const delay = opts.refundDelayMs ?? 0;
      if (delay > 0) {
        setTimeout(() => {
          void settleSandboxRefunds(db, ref, opts.webhookSecret)
            .then(async (r) => {
              for (const n of r.notifications) if (notify) await notify(n);
            })
            .catch(() => undefined);
        }, delay).unref();
      }
      return { refundRef: ref, status: 'pending' };
    },
    async issueBoleto(req) {
      // A real bank lays out the free field its own way (agreement, "nosso número", its DV);
      // the sandbox fills it with random digits, so every slip has its own barcode.
      const barcode = boletoBarcode({
        banco: req.banco,
        valorCents: req.amountCents,
        vencimento: req.vencimento,
        campoLivre: digits(25),
      });
      const c = await record({
        ref: `sbx_bol_${randomBytes(9).toString('base64url')}`,
        forma: 'boleto',
        idempotencyKey: req.idempotencyKey,
        valorCents: req.amountCents,
        expiraEm: req.expiraEm,
        localizador: req.localizador,
        documento: barcode,
      });
      return { gatewayRef: c.ref, barcode: c.documento };
    },
    async issuePix(req) {
      const txid = randomBytes(18)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 25);
      const payload = pixPayload({
        key: req.key,
        merchantName: req.merchantName,
        merchantCity: req.merchantCity,
        amountCents: req.amountCents,
        txid: txid || 'SANDBOX',
      });
      const c = await record({
        ref: `sbx_pix_${randomBytes(9).toString('base64url')}`,
        forma: 'pix',
        idempotencyKey: req.idempotencyKey,
        valorCents: req.amountCents,
        expiraEm: req.expiraEm,
        localizador: req.localizador,
        documento: payload,
      });
      const delay = opts.pixAutoPaySeconds ?? 0;
      if (delay > 0) {
        setTimeout(() => {
          void settleSandboxCharge(db, c.ref, 'paid', opts.webhookSecret)
            .then((r) => (r.notification && notify ? notify(r.notification) : undefined))
            .catch(() => undefined);
        }, delay * 1000).unref();
      }
      return { gatewayRef: c.ref, payload: c.documento };
    },
    cancelCharge: (ref) => cancelSandboxCharge(db, ref),
    verifyNotification: (rawBody, headers) =>
      readSignedNotification(rawBody, headers, opts.webhookSecret),
  };
}
