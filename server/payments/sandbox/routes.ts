/**
 * The sandbox gateway's HTTP side: its tokenizer script and its token endpoint. The token
 * endpoint stores the outcome the card number asks for (cards.ts) and answers a
 * {@link CartaoToken}; errors carry the refusal reason as `message`
 * (`invalid_number`, `invalid_expiry`, `invalid_cvv`, `invalid_holder`, `invalid_key`).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import type { CartaoToken } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { sandboxToken } from '#server/db/schema.ts';
import { checkCard, outcomeOf } from './cards';
import { cardChargeRef } from '../pending';
import {
  type Notifier,
  type Settled,
  settleSandboxCard,
  settleSandboxCharge,
  settleSandboxRefunds,
} from './charges';
import { SANDBOX_ID, SANDBOX_KEY_PREFIX, TOKENIZER_PATH } from './gateway';

const tokenizerSource = readFileSync(new URL('./tokenizer.js', import.meta.url), 'utf8');

interface TokenBody {
  publicKey: string;
  numero: string;
  titular: string;
  validade: string;
  cvv: string;
}

const tokenBodySchema = {
  type: 'object',
  required: ['publicKey', 'numero', 'titular', 'validade', 'cvv'],
  properties: {
    publicKey: { type: 'string', maxLength: 200 },
    numero: { type: 'string', maxLength: 40 },
    titular: { type: 'string', maxLength: 200 },
    validade: { type: 'string', maxLength: 10 },
    cvv: { type: 'string', maxLength: 8 },
  },
} as const;

/** Options of {@link sandboxGatewayRoutes}. */
export interface SandboxRoutesOptions {
  db: Db;
  /** Signs the notifications (PAYMENT_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Delivers a notification to our webhook. */
  notify: Notifier;
  /** The operator secret (`operator.json`); absent: no operator endpoint. */
  operatorToken?: string;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Routes of the sandbox gateway. */
export const sandboxGatewayRoutes: FastifyPluginAsync<SandboxRoutesOptions> = async (
  app,
  { db, webhookSecret, notify, operatorToken },
) => {
  /**
   * POST /sandbox-gateway/v1/operator/settle { which, outcome: 'paid' | 'expired' | 'refunded' }: the
   * operator command (`npm run sandbox`), from this machine only, with the operator secret.
   * Settles the charge (a slip, a Pix charge, or a card charge left pending) at the sandbox
   * and sends its notification to our webhook; `refunded` confirms the refunds asked for an
   * order (its locator) or one refund (its reference), each notified.
   */
  if (operatorToken) {
    app.post('/sandbox-gateway/v1/operator/settle', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const addr = req.socket.remoteAddress;
      const given = req.headers['x-operator-token'];
      if (
        (addr !== '127.0.0.1' && addr !== '::1' && addr !== '::ffff:127.0.0.1') ||
        typeof given !== 'string' ||
        !timingSafeEqual(digest(given), digest(operatorToken))
      ) {
        return reply.code(403).send({ error: { code: 0, message: 'forbidden' } });
      }
      const body = (req.body ?? {}) as { which?: unknown; outcome?: unknown };
      if (typeof body.which === 'string' && body.outcome === 'refunded') {
        const refunds = await settleSandboxRefunds(db, body.which, webhookSecret);
        for (const n of refunds.notifications) await notify(n);
        return { result: { outcome: refunds.outcome, ref: refunds.refs[0] ?? null } };
      }
      if (
        typeof body.which !== 'string' ||
        (body.outcome !== 'paid' && body.outcome !== 'expired')
      ) {
        return { error: { code: 0, message: 'which (string) and outcome (paid|expired) needed' } };
      }
      let settled: Settled = await settleSandboxCharge(db, body.which, body.outcome, webhookSecret);
      if (settled.outcome === 'not-found') {
        // Not a slip or Pix charge: a card charge left pending (under review), by its
        // reference or by the locator of its order.
        const ref = (await cardChargeRef(db, SANDBOX_ID, body.which)) ?? body.which;
        settled = await settleSandboxCard(db, ref, body.outcome, webhookSecret);
      }
      if (settled.notification) await notify(settled.notification);
      return { result: { outcome: settled.outcome, ref: settled.ref ?? null } };
    });
  }

  app.get(TOKENIZER_PATH, async (_req, reply) => {
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(tokenizerSource);
  });

  app.post<{ Body: TokenBody }>(
    '/sandbox-gateway/v1/tokens',
    { schema: { body: tokenBodySchema } },
    async (req) => {
      const body = req.body;
      // Only the key of the brand's own account (the one getGatewayPagamento hands out on this
      // host) makes tokens here; another brand's key, or any other, is refused.
      const publicKey = `${SANDBOX_KEY_PREFIX}${req.brand.id}`;
      if (body.publicKey !== publicKey) {
        return { error: { code: 0, message: 'invalid_key' } };
      }
      const card = checkCard(body);
      if (!card.ok) return { error: { code: 0, message: card.problem } };
      const { numero, bandeira } = card;
      const token = `tok_sandbox_${randomBytes(18).toString('base64url')}`;
      await db.insert(sandboxToken).values({
        token,
        last4: numero.slice(-4),
        bin: numero.slice(0, 6),
        bandeira,
        outcome: outcomeOf(numero),
        publicKey,
      });
      const result: CartaoToken = { token, bandeira, ultimos_digitos: numero.slice(-4) };
      return { result };
    },
  );
};
