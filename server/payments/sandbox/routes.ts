/**
 * The sandbox gateway's HTTP side: its tokenizer script and its token endpoint. The token
 * endpoint stores the outcome the card number asks for (cards.ts) and answers a
 * {@link CartaoToken}; errors carry the refusal reason as `message`
 * (`invalid_number`, `invalid_expiry`, `invalid_cvv`, `invalid_holder`, `invalid_key`).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import type { CartaoToken } from '../../../schemas/contract';
import type { Db } from '../../db/client';
import { sandboxToken } from '../../db/schema';
import { checkCard, outcomeOf } from './cards';
import { SANDBOX_KEY_PREFIX, TOKENIZER_PATH } from './gateway';

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

/** Routes of the sandbox gateway. */
export const sandboxGatewayRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
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
      if (!body.publicKey.startsWith(SANDBOX_KEY_PREFIX)) {
        return { error: { code: 0, message: 'invalid_key' } };
      }
      const card = checkCard(body);
      if (!card.ok) return { error: { code: 0, message: card.problem } };
      const { numero, bandeira } = card;
      const token = `tok_sandbox_${randomBytes(18).toString('base64url')}`;
      await db.insert(sandboxToken).values({
        token,
        last4: numero.slice(-4),
        bandeira,
        outcome: outcomeOf(numero),
      });
      const result: CartaoToken = { token, bandeira, ultimos_digitos: numero.slice(-4) };
      return { result };
    },
  );
};
