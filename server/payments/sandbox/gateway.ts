/**
 * The sandbox gateway: a {@link PaymentGateway} whose tokens are made by its own endpoint
 * (routes.ts) and whose charge outcome is decided by the test card number behind the token.
 * It stands for the gateway's side: it reads only its own table (sandbox_token).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxToken } from '../../db/schema';
import { GatewayError, type PaymentGateway } from '../gateway';

/** Public keys of sandbox accounts start with this. */
export const SANDBOX_KEY_PREFIX = 'pk_sandbox_';

/** URL path of the sandbox tokenizer script. */
export const TOKENIZER_PATH = '/sandbox-gateway/tokenizer.js';

/** The sandbox gateway over `db`. */
export function createSandboxGateway(db: Db): PaymentGateway {
  return {
    nome: 'Sandbox',
    ambiente: 'sandbox',
    filesInclude: [TOKENIZER_PATH],
    publicKey: (brandId) => `${SANDBOX_KEY_PREFIX}${brandId}`,
    async charge(req) {
      const [tok] = await db.select().from(sandboxToken).where(eq(sandboxToken.token, req.token));
      if (!tok) throw new GatewayError('unknown token');
      if (tok.bandeira !== req.bandeira) throw new GatewayError('card brand does not match');
      const status = tok.outcome as 'approved' | 'declined' | 'pending';
      return { status, gatewayRef: `sbx_${randomBytes(9).toString('base64url')}` };
    },
  };
}
