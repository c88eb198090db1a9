/**
 * Starts the server: validates the environment, opens and migrates the database, loads the
 * brands (an invalid brand stops the start with file, JSON path and reason), syncs the
 * catalogue, seeds the demo accounts, starts the sweeper and the mail delivery loop and listens.
 * Run: `node --import tsx server/main.ts`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { seedDemoAccounts } from '#server/accounts/seed.ts';
import { setSignupsPerHour } from '#server/accounts/throttle.ts';
import { buildApp } from '#server/app.ts';
import { formatProblem, loadBrands } from '#server/brands/loader.ts';
import { configureOrigins, defaultBrandIdOf, originProblems } from '#server/brands/origin.ts';
import { todayInSaoPaulo } from '#server/brands/schedule.ts';
import { watchBrands } from '#server/brands/watch.ts';
import { startSweeper } from '#server/cart/sweeper.ts';
import { syncCatalog } from '#server/catalog/sync.ts';
import { type DbHandle, openDb } from '#server/db/client.ts';
import { ENV_DOC, readEnv } from '#server/env.ts';
import { startMailer } from '#server/mail/deliver.ts';
import { prepareOrderRoutines } from '#server/orders/lifecycle.ts';
import { mailReleasedPayments } from '#server/payments/pending.ts';
import { RECOVERY_ENV_DOC, readRecoveryEnv, recoverPayments } from '#server/payments/recovery.ts';
import {
  loadWalletCredentials,
  readWalletEnv,
  WALLET_ENV_DOC,
  type WalletCredentials,
} from '#server/wallet/credentials.ts';

const parsed = readEnv(process.env);
if (!parsed.ok) {
  console.error('The server cannot start; fix the environment:');
  for (const p of parsed.problems) console.error(`  - ${p}`);
  console.error('\nVariables:');
  for (const [k, v] of Object.entries(ENV_DOC)) console.error(`  ${k}: ${v}`);
  process.exit(1);
}
const env = parsed.env;
const recoveryEnv = readRecoveryEnv(process.env);
if (!recoveryEnv.ok) {
  console.error('The server cannot start; fix the environment:');
  for (const p of recoveryEnv.problems) console.error(`  - ${p}`);
  console.error('\nVariables:');
  for (const [k, v] of Object.entries(RECOVERY_ENV_DOC)) console.error(`  ${k}: ${v}`);
  process.exit(1);
}
const walletEnv = readWalletEnv(process.env);
if (!walletEnv.ok) {
  console.error('The server cannot start; fix the environment:');
  for (const p of walletEnv.problems) console.error(`  - ${p}`);
  console.error('\nVariables:');
  for (const [k, v] of Object.entries(WALLET_ENV_DOC)) console.error(`  ${k}: ${v}`);
  process.exit(1);
}
setSignupsPerHour(env.signupsPerHour);

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

let brands: LoadedBrand[];
try {
  brands = await loadBrands(env.brandsDir);
} catch (err) {
  console.error(`Invalid brand configuration in ${env.brandsDir}:`);
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
// Every link the server writes starts with a brand's configured public origin (never the Host).
const originSettings = {
  env: process.env,
  port: env.port,
  production: env.production,
  defaultBrandId: defaultBrandIdOf(brands),
};
const badOrigins = originProblems(brands, originSettings);
if (badOrigins.length > 0) {
  console.error('Invalid public origin (the base of every link the server writes):');
  for (const p of badOrigins) console.error(`  - ${formatProblem(p)}`);
  process.exit(1);
}
configureOrigins(originSettings);

let handle: DbHandle;
try {
  handle = await openDb(
    env.databaseUrl
      ? { databaseUrl: env.databaseUrl }
      : { pgliteDir: path.join(env.dataDir, 'pglite') },
  );
  await handle.migrate();
  await syncCatalog(handle.db, brands);
  await seedDemoAccounts(handle.db, brands);
  await prepareOrderRoutines(handle.db);
} catch (err) {
  const where = env.databaseUrl
    ? 'the PostgreSQL database in DATABASE_URL'
    : `the embedded database in ${path.join(env.dataDir, 'pglite')}`;
  console.error(`Could not prepare ${where}:`);
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
const db = handle.db;

// Wallet passes: the operator's Apple certificate and Google service account, or development
// ones made once under DATA_DIR/wallet (passes real wallets refuse).
let wallet: WalletCredentials;
try {
  wallet = await loadWalletCredentials(walletEnv.env, env.dataDir);
} catch (err) {
  console.error('The server cannot start; fix the wallet settings:');
  console.error(`  - ${err instanceof Error ? err.message : String(err)}`);
  await handle.close();
  process.exit(1);
}

// The operator command (npm run agency) reaches this server through a loopback endpoint with
// this secret, written beside the data directory for the machine's operator only.
const operatorToken = randomBytes(32).toString('base64url');
await mkdir(env.dataDir, { recursive: true });
await writeFile(
  path.join(env.dataDir, 'operator.json'),
  JSON.stringify({ token: operatorToken, port: env.port, pid: process.pid }),
  { mode: 0o600 },
);

const app = await buildApp({
  db,
  brands,
  operator: { token: operatorToken, port: env.port },
  distDir: env.distDir,
  ...(env.holdSeconds === undefined ? {} : { holdSeconds: env.holdSeconds }),
  version,
  logger: env.logLevel,
  ...(env.trustProxy ? { trustProxy: env.trustProxy } : {}),
  devPages: env.devPages,
  sandboxIdp: env.sandboxIdp,
  ...(env.webhookSecret ? { webhookSecret: env.webhookSecret } : {}),
  sandboxPixAutoPaySeconds: env.sandboxPixAutoPaySeconds,
  sandboxRefundDelayMs: env.sandboxRefundDelayMs,
  sandboxChargeDelayMs: recoveryEnv.sandboxChargeDelayMs,
  warmPages: true,
  wallet,
});

// Crash safety: payment attempts whose answer was lost (this or another server died between the
// charge and saving it, or the gateway timed out) are settled from the gateway's record, at
// start and on every sweeper pass (payments/recovery.ts).
const recover = async () => {
  const r = await recoverPayments(db, {
    gateways: app.paymentGateways,
    brands,
    afterSeconds: recoveryEnv.afterSeconds,
    onError: (err, idpagamento) => app.log.warn({ err, idpagamento }, 'payment recovery: later'),
    onRefundError: (err, idestorno) =>
      app.log.warn({ err, idestorno }, 'cancellation refund recovery: later'),
  });
  if (Object.values(r).some((n) => n > 0)) app.log.info({ recovery: r }, 'payments recovered');
};
try {
  await recover();
} catch (err) {
  app.log.error({ err }, 'payment recovery failed at start');
}

const mailer = startMailer({
  db,
  brands,
  smtpUrl: env.smtpUrl,
  mailFrom: env.mailFrom,
  log: app.log,
});

let syncedDay = todayInSaoPaulo();
const sweeper = startSweeper(db, {
  recover,
  // Slips and Pix charges that ran out unpaid: their buyers are told by mail, once.
  afterRelease: () => mailReleasedPayments(db, brands),
  // Schedules are laid out from today: a new day brings new sessions on sale.
  afterPass: async () => {
    const today = todayInSaoPaulo();
    if (today !== syncedDay) {
      await syncCatalog(db, brands);
      syncedDay = today;
    }
  },
  onError: (err) => app.log.error({ err }, 'sweeper pass failed'),
});

// A change to the brands' files reaches this server without a restart: validated, then swapped
// in whole; an invalid change keeps the last good version and is logged (brands/watch.ts).
const brandWatcher = watchBrands({
  dir: env.brandsDir,
  brands,
  log: app.log,
  prepare: async (next) => {
    await syncCatalog(db, next);
  },
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  brandWatcher.close();
  sweeper.stop();
  try {
    await app.close();
    await mailer.stop();
  } finally {
    // PGlite flushes its data directory on close; the next start finds it intact.
    await handle.close();
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: env.port, host: env.host });
} catch (err) {
  console.error(`Could not listen on ${env.host}:${env.port}: ${(err as Error).message}`);
  brandWatcher.close();
  sweeper.stop();
  await mailer.stop();
  await handle.close();
  process.exit(1);
}
console.log(`Storefront ready at http://localhost:${env.port}`);
if (wallet.apple.development || wallet.google.development) {
  const which = [
    wallet.apple.development ? 'Apple (WALLET_APPLE_*)' : '',
    wallet.google.development ? 'Google (WALLET_GOOGLE_*)' : '',
  ].filter(Boolean);
  console.log(
    `Wallet passes: development keys for ${which.join(' and ')}; real wallets refuse them (README, "Wallet passes")`,
  );
}
if (!env.smtpUrl) {
  console.log(
    env.devPages
      ? `No SMTP_URL: mail is kept, see http://localhost:${env.port}/dev/mailbox`
      : 'No SMTP_URL: mail is kept in the outbox table (STOREFRONT_DEV_PAGES=1 shows it at /dev/mailbox)',
  );
}
