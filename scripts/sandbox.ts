/**
 * Operator command of the sandbox gateway:
 *
 *   npm run sandbox -- pay <localizador|gatewayRef>
 *   npm run sandbox -- expire <localizador|gatewayRef>
 *   npm run sandbox -- refund <localizador|refundRef>
 *
 * Settles a bank slip or Pix charge at the sandbox (paid, or let it expire), or a card charge it
 * left pending (under review: paid, or refused with `expire`), and the sandbox then
 * sends its signed notification to the server's webhook, which completes the order (tickets) or
 * releases it, exactly once; running it again only sends the same notification again. It asks
 * the running server (loopback endpoint, secret in DATA_DIR/operator.json), which holds the
 * embedded database and signs with its PAYMENT_WEBHOOK_SECRET.
 *
 * `refund` confirms the refunds the sandbox was asked for tickets cancelled from My orders (all
 * of the order, or one by its reference); the server then marks them cancelled and puts the
 * units back on sale, exactly once (SANDBOX_REFUND_DELAY_MS does the same on a timer).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readEnv } from '../server/env';

const USAGE =
  'usage: npm run sandbox -- pay|expire <localizador|gatewayRef> | refund <localizador|refundRef>';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const [command, which] = process.argv.slice(2);
if (
  (command !== 'pay' && command !== 'expire' && command !== 'refund') ||
  !which ||
  which.startsWith('--')
) {
  fail(USAGE);
}

const parsed = readEnv(process.env);
if (!parsed.ok) fail(parsed.problems.join('\n'));
const env = parsed.env;

let info: { token: string; port: number };
try {
  info = JSON.parse(await readFile(path.join(env.dataDir, 'operator.json'), 'utf8'));
} catch {
  fail(`No running server found (no ${path.join(env.dataDir, 'operator.json')}): npm start first.`);
}

const MESSAGES: Record<string, string> = {
  paid: `Paid: ${which}. The order is completed and its tickets issued.`,
  expired: `Expired: ${which}. The order is released.`,
  'already-paid': `${which} was already paid; its notification was sent again.`,
  'already-expired': `${which} had already expired; its notification was sent again.`,
  cancelled: `${which} was cancelled by the buyer; nothing to do.`,
  'not-found':
    command === 'refund'
      ? `No refund of ${which} at the sandbox.`
      : `No bank slip, Pix charge or pending card charge ${which} at the sandbox.`,
  refunded: `Refunded: ${which}. The cancelled tickets are back on sale.`,
  'already-refunded': `${which} was already refunded; its notification was sent again.`,
};

let body: { result?: { outcome: string }; error?: { message: string } };
try {
  const res = await fetch(`http://127.0.0.1:${info.port}/sandbox-gateway/v1/operator/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': info.token },
    body: JSON.stringify({
      which,
      outcome: command === 'pay' ? 'paid' : command === 'refund' ? 'refunded' : 'expired',
    }),
  });
  body = (await res.json()) as typeof body;
} catch (err) {
  fail(`Could not reach the server on port ${info.port}: ${(err as Error).message}`);
}
if (!body.result) fail(`Refused: ${body.error?.message ?? 'unknown error'}`);
const outcome = body.result.outcome;
console.log(MESSAGES[outcome] ?? outcome);
process.exit(outcome === 'not-found' || outcome === 'cancelled' ? 1 : 0);
