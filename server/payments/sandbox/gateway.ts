/**
 * The sandbox gateway: a {@link PaymentGateway} whose tokens are made by its own endpoint
 * (routes.ts) and whose charge outcome is decided by the test card number behind the token.
 * Bank slips and Pix charges are issued with methods/boleto.ts and methods/pix.ts and stay
 * pending until the operator command (or, for Pix, an optional timer) settles them
 * (charges.ts); the sandbox then notifies our webhook, signed, as a real gateway would.
 * It stands for the gateway's side: it reads only its own tables (sandbox_token,
 * sandbox_cobranca).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCobranca, sandboxToken } from '../../db/schema';
import { GatewayError, type PaymentGateway } from '../gateway';
import { boletoBarcode } from '../methods/boleto';
import { pixPayload } from '../methods/pix';
import {
  cancelSandboxCharge,
  type Notifier,
  readSignedNotification,
  settleSandboxCharge,
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
}

/** The sandbox gateway, with the hook the app uses to let it reach our webhook. */
export interface SandboxGateway extends PaymentGateway {
  /** Where the sandbox delivers its notifications (the app's webhook route). */
  setNotifier(notify: Notifier): void;
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

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
    async charge(req) {
      const [tok] = await db.select().from(sandboxToken).where(eq(sandboxToken.token, req.token));
      if (!tok) throw new GatewayError('unknown token');
      if (tok.bandeira !== req.bandeira) throw new GatewayError('card brand does not match');
      const status = tok.outcome as 'approved' | 'declined' | 'pending';
      return { status, gatewayRef: `sbx_${randomBytes(9).toString('base64url')}` };
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
